export { createTokenStore, tokenStore } from './tokenStore';
export type { AuthToken, TokenListener, TokenStore } from './tokenStore';
export { endSession, isSignedIn, startSession } from './session';
export { clearUserIdCookie, getUserIdCookie, setUserIdCookie, USER_ID_COOKIE } from './userIdCookie';
export {
  forgetReturnUrl,
  isSafeReturnUrl,
  peekReturnUrl,
  rememberReturnUrl,
  RETURN_URL_KEY,
  takeReturnUrl,
} from './returnUrl';
