// DataForSEO's SERP API v3: the client (client.ts) the server's competitors module asks for each
// search term's results page, and its offline sandbox (sandbox.ts, exported by @maya/connectors/sandbox).
export { createSerpClient, readSerpAnswer, serpDomain } from './client';
export type { SerpClient, SerpClientOptions, SerpItem, SerpQuery, SerpResult } from './client';
