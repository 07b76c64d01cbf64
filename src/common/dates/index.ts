export { dateDetails, formatDateTime, formatIso, type DateDetails } from './format';
export { isParsableDate, parseDateInput } from './parse-date';
export {
  allDayBounds,
  defaultListWindow,
  earliest,
  endOfDay,
  startOfDay,
  type DateWindow,
} from './window';
export { resolveZone, zoneAbbreviation } from './zones';
