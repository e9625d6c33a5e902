import { Select } from '@mantine/core';
import { DESTINATION_LOCATIONS, DestinationLocationSchema, type DestinationLocation } from '@maya/contracts';
import { destinationsMessages } from '../../messages';

const options = DESTINATION_LOCATIONS.map(({ value, label }) => ({ value, label }));

/** Step 3 (spec 002 Destination wizard): the location, eu by default. */
export function LocationStep({
  value,
  onChange,
}: {
  value: DestinationLocation | null;
  onChange: (location: DestinationLocation | null) => void;
}) {
  return (
    <Select
      label={destinationsMessages.location}
      description={destinationsMessages.locationDescription}
      data={options}
      value={value}
      searchable
      allowDeselect={false}
      maw={420}
      onChange={(next) => {
        const parsed = DestinationLocationSchema.safeParse(next);
        onChange(parsed.success ? parsed.data : null);
      }}
    />
  );
}
