import { gmtLabel, isValidTimeZone } from '@ra/shared/business-day/business-day';

/**
 * US zones lead the list: the product's restaurants are mostly in the US (SPEC 3 "state (US
 * states)"), from east to west.
 */
export const US_TIME_ZONES: readonly string[] = [
  'America/New_York',
  'America/Detroit',
  'America/Indiana/Indianapolis',
  'America/Chicago',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
];

export interface TTimeZoneOption {
  value: string;
  label: string;
  group: 'us' | 'other';
  /** What a search matches: the label, the zone's id and its common names (normalised). */
  search: string;
}

/**
 * US states (SPEC 3 "state (US states)") to the zone most of the state keeps; a state split across
 * zones gets the zone of most of its people. By code and by name, so either spelling of the address works.
 */
const STATE_ZONES: ReadonlyArray<[string, string, string]> = [
  ['AL', 'Alabama', 'America/Chicago'],
  ['AK', 'Alaska', 'America/Anchorage'],
  ['AZ', 'Arizona', 'America/Phoenix'],
  ['AR', 'Arkansas', 'America/Chicago'],
  ['CA', 'California', 'America/Los_Angeles'],
  ['CO', 'Colorado', 'America/Denver'],
  ['CT', 'Connecticut', 'America/New_York'],
  ['DE', 'Delaware', 'America/New_York'],
  ['DC', 'District of Columbia', 'America/New_York'],
  ['FL', 'Florida', 'America/New_York'],
  ['GA', 'Georgia', 'America/New_York'],
  ['HI', 'Hawaii', 'Pacific/Honolulu'],
  ['ID', 'Idaho', 'America/Boise'],
  ['IL', 'Illinois', 'America/Chicago'],
  ['IN', 'Indiana', 'America/Indiana/Indianapolis'],
  ['IA', 'Iowa', 'America/Chicago'],
  ['KS', 'Kansas', 'America/Chicago'],
  ['KY', 'Kentucky', 'America/New_York'],
  ['LA', 'Louisiana', 'America/Chicago'],
  ['ME', 'Maine', 'America/New_York'],
  ['MD', 'Maryland', 'America/New_York'],
  ['MA', 'Massachusetts', 'America/New_York'],
  ['MI', 'Michigan', 'America/Detroit'],
  ['MN', 'Minnesota', 'America/Chicago'],
  ['MS', 'Mississippi', 'America/Chicago'],
  ['MO', 'Missouri', 'America/Chicago'],
  ['MT', 'Montana', 'America/Denver'],
  ['NE', 'Nebraska', 'America/Chicago'],
  ['NV', 'Nevada', 'America/Los_Angeles'],
  ['NH', 'New Hampshire', 'America/New_York'],
  ['NJ', 'New Jersey', 'America/New_York'],
  ['NM', 'New Mexico', 'America/Denver'],
  ['NY', 'New York', 'America/New_York'],
  ['NC', 'North Carolina', 'America/New_York'],
  ['ND', 'North Dakota', 'America/Chicago'],
  ['OH', 'Ohio', 'America/New_York'],
  ['OK', 'Oklahoma', 'America/Chicago'],
  ['OR', 'Oregon', 'America/Los_Angeles'],
  ['PA', 'Pennsylvania', 'America/New_York'],
  ['PR', 'Puerto Rico', 'America/Puerto_Rico'],
  ['RI', 'Rhode Island', 'America/New_York'],
  ['SC', 'South Carolina', 'America/New_York'],
  ['SD', 'South Dakota', 'America/Chicago'],
  ['TN', 'Tennessee', 'America/Chicago'],
  ['TX', 'Texas', 'America/Chicago'],
  ['UT', 'Utah', 'America/Denver'],
  ['VT', 'Vermont', 'America/New_York'],
  ['VA', 'Virginia', 'America/New_York'],
  ['WA', 'Washington', 'America/Los_Angeles'],
  ['WV', 'West Virginia', 'America/New_York'],
  ['WI', 'Wisconsin', 'America/Chicago'],
  ['WY', 'Wyoming', 'America/Denver'],
];

/** The zone for a restaurant's address state ('NY', 'New York', ' ny '), or undefined. */
export function zoneForState(state: string | null | undefined): string | undefined {
  const wanted = state?.trim().toLowerCase();
  if (!wanted) return undefined;
  return STATE_ZONES.find(([code, name]) => code.toLowerCase() === wanted || name.toLowerCase() === wanted)?.[2];
}

/**
 * The names people search a zone by: the time's common name in English and Chinese, its
 * abbreviations, and the larger cities (restaurants think "Philadelphia" or "美东时间", not
 * "America/New_York").
 */
const ZONE_NAMES: Readonly<Record<string, readonly string[]>> = {
  'America/New_York': [
    'Eastern Time',
    'US Eastern',
    'ET',
    'EST',
    'EDT',
    'New York',
    'NYC',
    'Philadelphia',
    'Boston',
    'Washington DC',
    'Atlanta',
    'Miami',
    'Orlando',
    'Tampa',
    'Charlotte',
    'Baltimore',
    'Pittsburgh',
    'Columbus',
    'Cleveland',
    'Jacksonville',
    'Raleigh',
    'Richmond',
    'Newark',
    'Louisville',
    '美东时间',
    '美国东部时间',
    '东部时间',
    '纽约',
    '费城',
    '波士顿',
    '华盛顿',
    '亚特兰大',
    '迈阿密',
  ],
  'America/Detroit': ['Eastern Time', 'Detroit', 'Michigan', '底特律'],
  'America/Indiana/Indianapolis': ['Eastern Time', 'Indianapolis', 'Indiana', '印第安纳波利斯'],
  'America/Chicago': [
    'Central Time',
    'US Central',
    'CT',
    'CST',
    'CDT',
    'Chicago',
    'Houston',
    'Dallas',
    'Austin',
    'San Antonio',
    'Fort Worth',
    'Nashville',
    'Memphis',
    'New Orleans',
    'Minneapolis',
    'St. Louis',
    'Kansas City',
    'Milwaukee',
    'Oklahoma City',
    'Omaha',
    '美中时间',
    '美国中部时间',
    '中部时间',
    '芝加哥',
    '休斯顿',
    '达拉斯',
    '奥斯汀',
  ],
  'America/Denver': [
    'Mountain Time',
    'US Mountain',
    'MT',
    'MST',
    'MDT',
    'Denver',
    'Salt Lake City',
    'Albuquerque',
    'El Paso',
    '美山时间',
    '山地时间',
    '丹佛',
    '盐湖城',
  ],
  'America/Boise': ['Mountain Time', 'Boise', 'Idaho'],
  'America/Phoenix': ['Mountain Standard Time', 'MST', 'Arizona', 'Phoenix', 'Tucson', '凤凰城', '亚利桑那'],
  'America/Los_Angeles': [
    'Pacific Time',
    'US Pacific',
    'PT',
    'PST',
    'PDT',
    'Los Angeles',
    'LA',
    'San Francisco',
    'San Jose',
    'San Diego',
    'Oakland',
    'Sacramento',
    'Seattle',
    'Portland',
    'Las Vegas',
    '美西时间',
    '美国西部时间',
    '太平洋时间',
    '洛杉矶',
    '旧金山',
    '西雅图',
    '圣地亚哥',
    '拉斯维加斯',
  ],
  'America/Anchorage': ['Alaska Time', 'AKST', 'Alaska', 'Anchorage', '阿拉斯加'],
  'Pacific/Honolulu': ['Hawaii Time', 'HST', 'Hawaii', 'Honolulu', '夏威夷', '檀香山'],
  'America/Puerto_Rico': ['Atlantic Time', 'AST', 'Puerto Rico', 'San Juan', '波多黎各'],
  'America/Toronto': ['Eastern Time', 'Toronto', 'Ottawa', 'Montreal', '多伦多', '蒙特利尔'],
  'America/Vancouver': ['Pacific Time', 'Vancouver', '温哥华'],
  'Asia/Shanghai': ['China Standard Time', 'Beijing', 'Shanghai', '北京时间', '中国', '北京', '上海'],
  'Asia/Hong_Kong': ['Hong Kong', '香港'],
  'Asia/Taipei': ['Taipei', '台北'],
};

/** Lower case, '_' and '/' as spaces, one space between words: how names and searches are compared. */
export function normaliseZoneSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[_/().,-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a search typed into the zone picker finds this option. */
export function timeZoneMatches(option: Pick<TTimeZoneOption, 'search'>, query: string): boolean {
  const wanted = normaliseZoneSearch(query);
  return wanted === '' || option.search.includes(wanted);
}

/** Every zone this browser knows, US zones first, each labelled with its current UTC offset. */
export function timeZoneOptions(allZones: readonly string[], now: number = Date.now()): TTimeZoneOption[] {
  const known = new Set(allZones);
  const us = US_TIME_ZONES.filter((z) => known.has(z) || isValidTimeZone(z));
  const usSet = new Set(us);
  const others = [...new Set([...allZones, 'UTC'])].filter((z) => !usSet.has(z)).sort((a, b) => a.localeCompare(b));
  const option = (zone: string, group: TTimeZoneOption['group']): TTimeZoneOption => {
    const label = `(${gmtLabel(zone, now)}) ${zone.replaceAll('_', ' ')}`;
    return {
      value: zone,
      label,
      group,
      search: ` ${[label, zone, ...(ZONE_NAMES[zone] ?? [])].map(normaliseZoneSearch).join(' | ')} `,
    };
  };
  return [...us.map((z) => option(z, 'us')), ...others.filter(isValidTimeZone).map((z) => option(z, 'other'))];
}

export function supportedTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [...US_TIME_ZONES, 'UTC'];
}

/**
 * The browser's own zone as the suggestion, when it names a place: a machine left on UTC says
 * nothing about where the restaurant is, and saving it by accident would shift every business day.
 */
export function browserTimeZone(
  zone: string | undefined = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string | undefined {
  if (!zone || zone === 'UTC' || zone.startsWith('Etc/')) return undefined;
  return isValidTimeZone(zone) ? zone : undefined;
}
