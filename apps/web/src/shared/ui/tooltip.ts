// Mantine's Tooltip alone in its module: `TooltipOnDemand` imports it on demand (importing it
// from '@mantine/core' there would take the whole library's namespace into the chunk).
export { Tooltip } from '@mantine/core';
