import { loadZodMessages } from '@maya/contracts';

// zod's English messages, set when zod first arrives. zod is not in the first load (decision 410):
// main.tsx fetches this module as the app starts, beside the first page's code, and every module
// that loads zod on demand imports it, so nothing validates before the messages are set.
loadZodMessages();
