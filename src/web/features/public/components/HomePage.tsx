import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { useFacilityInfo, useFacilityName } from '../api/facility.js';

export function HomePage() {
  const name = useFacilityName();
  const { data } = useFacilityInfo();
  return (
    <Stack gap="md">
      <PageTitle documentTitle="Home">{name}</PageTitle>
      {data?.description ? <Text size="lg">{data.description}</Text> : null}
      <Text>A quiet house for small conferences and retreats, open to churches in the region.</Text>
      <Group>
        <Button component={Link} to={paths.availability}>
          Check availability
        </Button>
        <Button component={Link} to={paths.about} variant="outline">
          About the house
        </Button>
        <Button component={Link} to={paths.gallery} variant="outline">
          View the gallery
        </Button>
      </Group>
    </Stack>
  );
}
