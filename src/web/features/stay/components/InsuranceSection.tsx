import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { longDate, type DayKey } from '../../../../shared/dates.js';
import { ConfirmDialog } from '@/components/ConfirmDialog.js';
import { DocumentUploadForm } from '@/components/DocumentUploadForm.js';
import { errorMessage } from '@/lib/api/client.js';
import type { DocumentInfo } from '@/lib/api/documents.js';
import { useDeleteCertificate, useUploadCertificate } from '../api/insurance.js';
import { downloadDocument } from '@/lib/download-document.js';
import { StaySection } from './StaySection.js';

/** A certificate's last valid day (YYYY-MM-DD), or null when it has none. */
const expiryOf = (doc: Pick<DocumentInfo, 'expiresOn'>): DayKey | null => doc.expiresOn ?? null;

/** Whether a certificate is still valid on the stay's last day. */
const covers = (doc: DocumentInfo, lastDay: DayKey) => {
  const expiry = expiryOf(doc);
  return expiry !== null && expiry >= lastDay;
};

/** Covered, not covered by the latest certificate, or no certificate yet, in words. */
export function coverageText(certificates: readonly DocumentInfo[], lastDay: DayKey): string {
  const ends = longDate(lastDay);
  const latest = certificates
    .map(expiryOf)
    .reduce<DayKey | null>(
      (max, day) => (day !== null && (max === null || day > max) ? day : max),
      null,
    );
  if (latest === null) {
    return `No certificate yet. Please upload one that is valid until ${ends} or later.`;
  }
  if (latest >= lastDay) {
    return `Covered: a certificate valid until ${longDate(latest)} covers this stay, which ends on ${ends}.`;
  }
  return `Not covered yet: the latest certificate is valid until ${longDate(latest)}, before the stay ends on ${ends}. Please upload the renewed certificate.`;
}

/** "Valid until Friday, June 30, 2028: covers this stay." */
function validityText(doc: DocumentInfo, lastDay: DayKey): string {
  const expiry = expiryOf(doc);
  if (expiry === null) return 'No last valid day given.';
  const covering = covers(doc, lastDay) ? 'covers this stay' : 'ends before this stay does';
  return `Valid until ${longDate(expiry)}: ${covering}.`;
}

export interface InsuranceSectionProps {
  reservationId: number;
  /** The stay's last day: a certificate must be valid until then. */
  lastDay: DayKey;
  /** The church's documents (the certificates are among them); undefined while loading. */
  documents: DocumentInfo[] | undefined;
  /** The documents could not be loaded. */
  failed: boolean;
  /** The church an administrator uploads for; undefined for the member's own. */
  accountId: number | undefined;
}

/**
 * "Insurance" (docs/stays.md, "Insurance certificates"): the church's
 * liability insurance certificates with their last valid day, whether one
 * covers this stay, Download and Delete, and the upload of a new certificate
 * (a PDF, its last valid day and a description).
 */
export function InsuranceSection({
  reservationId,
  lastDay,
  documents,
  failed,
  accountId,
}: InsuranceSectionProps) {
  const upload = useUploadCertificate(reservationId, accountId);
  const remove = useDeleteCertificate(reservationId);
  const [asking, setAsking] = useState<DocumentInfo | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const certificates = (documents ?? [])
    .filter((d) => d.kind === 'insurance')
    .sort((a, b) => (expiryOf(b) ?? '').localeCompare(expiryOf(a) ?? ''));

  async function confirmDelete(doc: DocumentInfo) {
    setFailure(null);
    try {
      await remove.mutateAsync(doc.id);
    } catch (err) {
      setFailure(errorMessage(err, `${doc.fileName} could not be deleted. Please try again.`));
    }
    setConfirming(false);
  }

  return (
    <StaySection id="insurance" title="Insurance">
      <Text size="sm">
        The church&apos;s liability insurance certificate must be valid until the last day of the
        stay.
      </Text>
      {failed ? (
        <Text role="alert" c="red.9">
          The certificates could not be loaded just now.
        </Text>
      ) : documents === undefined ? (
        <Text>Loading the certificates...</Text>
      ) : (
        <Text fw={600}>{coverageText(certificates, lastDay)}</Text>
      )}
      {failure ? (
        <Text role="alert" c="red.9" size="sm">
          {failure}
        </Text>
      ) : null}
      {certificates.length > 0 ? (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {certificates.map((doc) => (
            <Paper
              component="li"
              key={doc.id}
              id={`document-${doc.id}`}
              tabIndex={-1}
              withBorder
              p="sm"
            >
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {doc.fileName}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {doc.description}
              </Text>
              <Text size="sm">{validityText(doc, lastDay)}</Text>
              <Group gap="xs" mt="xs">
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={`Download ${doc.fileName}`}
                  onClick={() => void downloadDocument(doc)}
                >
                  Download
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  aria-label={`Delete ${doc.fileName}`}
                  onClick={() => {
                    setAsking(doc);
                    setConfirming(true);
                  }}
                >
                  Delete
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : null}
      <DocumentUploadForm
        upload={upload}
        kinds="insurance"
        title="Upload a certificate"
        headingId="insurance-upload-heading"
        headingOrder={3}
      />
      <ConfirmDialog
        opened={confirming}
        title="Delete this certificate?"
        message={asking ? `${asking.fileName} is deleted for good.` : ''}
        confirmLabel="Delete"
        confirmColor="red"
        busy={remove.isPending}
        onConfirm={() => asking && void confirmDelete(asking)}
        onCancel={() => setConfirming(false)}
      />
    </StaySection>
  );
}
