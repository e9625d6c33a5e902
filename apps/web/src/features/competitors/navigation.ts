/** /organization/{slug}/competitors: the list of competition reports. */
export const competitorsPath = (slug: string) => `/organization/${slug}/competitors`;
/** /organization/{slug}/competitors/{competitorsId}: the editor; a new report opens at a fresh UUID. */
export const competitorPath = (slug: string, id: string) => `${competitorsPath(slug)}/${id}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** spec 001 §2: the id must be a valid UUID, otherwise the 404 page shows. */
export const isCompetitorsId = (value: string | undefined): value is string =>
  value !== undefined && UUID.test(value);
