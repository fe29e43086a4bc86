/** The reference module's public surface: schools, benchmark schools and the system setting's writes (`/api/user`). */
export { referencePlugin } from './reference.plugin';
/** Reads for the modules above (rival analysis): the user's benchmark schools, schools by code; the demo's seed. */
export {
  existingSchoolCodes,
  listBenchmarkSchools as benchmarkSchoolsOf,
  replaceBenchmarkSchools as saveBenchmarkSchools,
  schoolsByCodes,
} from './reference.repository';
