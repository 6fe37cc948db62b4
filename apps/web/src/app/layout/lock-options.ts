/** Translation key for each SPEC 9 inactivity option (minutes; null = never). */
export function lockOptionKey(minutes: number | null): string {
  switch (minutes) {
    case null:
      return 'layout:lock.off';
    case 1:
      return 'layout:lock.oneMinute';
    case 2:
      return 'layout:lock.twoMinutes';
    case 60:
      return 'layout:lock.oneHour';
    case 120:
      return 'layout:lock.twoHours';
    default:
      return 'layout:lock.custom';
  }
}
