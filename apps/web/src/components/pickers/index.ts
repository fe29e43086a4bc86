// The shared pickers of spec-1 section 2: year, year range, user (and the school selection modal).

export { UserPicker, type UserPickerProps, userLabel } from './UserPicker';
export { YearPicker, type YearPickerProps } from './YearPicker';
export { rangeWithStart, type YearRange, YearRangePicker, type YearRangePickerProps } from './YearRangePicker';
export { currentYear, type DisabledYear, decadeStart, formatYear, isYearDisabled, toYear } from './year';
