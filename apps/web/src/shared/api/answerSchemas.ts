import '../lib/zodMessages';

/** The schemas the API client itself checks answers with; loaded on demand by `./schemas.ts`. */
export { ErrorResponseSchema, PublicConfigSchema, ValidationErrorResponseSchema } from '@maya/contracts';
