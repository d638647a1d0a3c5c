/**
 * A day or a range of days as shown ("2026-12-04 to 2026-12-06"): a line may
 * break around "to", never inside a date.
 */
export function DateRange({ dates }: { dates: string }) {
  const [first, last] = dates.split(' to ');
  return (
    <span>
      <span style={{ whiteSpace: 'nowrap' }}>{first}</span>
      {last === undefined ? null : (
        <>
          {' to '}
          <span style={{ whiteSpace: 'nowrap' }}>{last}</span>
        </>
      )}
    </span>
  );
}
