/** The authentication module's public surface: sign-in, sign-out and the login record (`/api/authc`). */
export { authcPlugin } from './authc.plugin';
