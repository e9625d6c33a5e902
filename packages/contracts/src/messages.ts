/**
 * Field rules of spec 000 §5 with their messages verbatim, shared by the server's request
 * schemas and the web forms, so the same input is accepted or refused on both sides. Plain text,
 * no zod: a page that only shows a message does not load the schemas (decision 410).
 */
export const messages = {
  email: 'Please enter a valid email address',
  password: 'Please enter a valid password',
  firstName: 'Please enter your Firstname',
  lastName: 'Please enter your Last name',
  companyName: 'Please enter a valid company name',
  position: 'Please enter a valid position',
  acceptTerms: 'You have to accept the Legal Terms & Conditions to continue',
  organizationName: 'Please enter a valid organization name',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Use at least 8 characters',
  passwordTooLong: 'Use at most 128 characters',
  passwordCommon: 'This password is too common. Choose one that is harder to guess',
} as const;
