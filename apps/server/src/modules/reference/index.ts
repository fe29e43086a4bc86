/** The reference module's public surface: schools, benchmark schools and the system setting's writes (`/api/user`). */
export { referencePlugin } from './reference.plugin';
