// The school selection modal of spec-1 section 2 and its settings modal, with the calls they make.

export { canAddMore, SchoolSelectModal, type SchoolSelectModalProps } from './SchoolSelectModal';
export { SchoolSettingsModal } from './SchoolSettingsModal';
export {
  type School,
  type SchoolFilter,
  useBenchmarkSchools,
  useSaveBenchmarkSchools,
  useSchoolList,
  useSchoolOptions,
} from './school.api';
