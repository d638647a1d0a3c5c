import { Text, Title } from '@mantine/core';

export function FloorPlansTab() {
  return (
    <>
      <Title order={2}>Floor Plans</Title>
      <Text>Explore the Second Floor, First Floor and Basement of the house.</Text>
    </>
  );
}

export function OutdoorAreasTab() {
  return (
    <>
      <Title order={2}>Outdoor Areas</Title>
      <Text>The property, the pond, the dock, the barn, the creek, the grove and the parking.</Text>
    </>
  );
}
