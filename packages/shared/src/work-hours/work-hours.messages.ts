/**
 * The work-hours domain's messages: the server answers with `en` (the SPEC's wording where it gives one),
 * and the web shows `zh` to Chinese users (apps/web/src/lib/server-message.ts). SPEC 8's 'Fetch failed'
 * and 'No permission' live in ../errors.ts.
 */
export const WORK_HOURS_MESSAGES = {
  reasonRequired: { en: 'Please enter the reason for this change', zh: '请输入修改原因' },
  reasonTooLong: { en: 'The reason can be at most 200 characters', zh: '原因最多 200 个字符' },
  signatureRequired: { en: 'Please sign to confirm this change', zh: '请签名确认此修改' },
  signatureUnknown: { en: 'This signature was not found. Please sign again.', zh: '未找到该签名，请重新签名。' },
  signatureInvalid: { en: 'The signature must be a PNG image', zh: '签名必须是 PNG 图片' },
  signatureTooLarge: { en: 'The signature image is too large', zh: '签名图片太大' },
  signatureTooManyPixels: {
    en: 'The signature image can be at most 4000 × 4000 pixels',
    zh: '签名图片最大为 4000 × 4000 像素',
  },
  overlap: {
    en: 'This shift overlaps another shift of the same employee',
    zh: '该班次与该员工的另一个班次时间重叠',
  },
  outBeforeIn: { en: 'Clock out must be after clock in', zh: '下班时间必须晚于上班时间' },
  shiftTooLong: { en: 'A shift can be at most 24 hours long', zh: '一个班次最长 24 小时' },
  futurePunch: { en: 'A punch cannot be in the future', zh: '打卡时间不能晚于现在' },
  breakOutside: { en: 'Breaks must be within the shift', zh: '休息必须在班次时间之内' },
  breakOrder: { en: 'A break must end after it starts', zh: '休息结束时间必须晚于开始时间' },
  breaksOverlap: { en: 'Breaks cannot overlap', zh: '休息时间不能重叠' },
  alreadyClockedIn: { en: 'This employee is already clocked in', zh: '该员工已经上班打卡' },
  notClockedIn: { en: 'This employee is not clocked in', zh: '该员工尚未上班打卡' },
  shiftNotFound: { en: 'This shift does not exist', zh: '该班次不存在' },
  idsMismatch: {
    en: 'The clock-in and clock-out ids must belong to one shift',
    zh: '上班和下班记录必须属于同一个班次',
  },
  employeeNotFound: { en: 'This employee does not work at this restaurant', zh: '该员工不在本餐厅' },
  periodClosed: {
    en: 'This pay period is closed. Reopen it to change its hours.',
    zh: '该工资周期已关闭。请重新打开后再修改工时。',
  },
  periodNotEnded: {
    en: 'A pay period can be closed only after its last day',
    zh: '工资周期结束后才能关闭',
  },
  periodAlreadyClosed: { en: 'This pay period is already closed', zh: '该工资周期已关闭' },
  periodNotClosed: { en: 'Close this pay period first', zh: '请先关闭该工资周期' },
  notAPayPeriod: { en: 'These dates are not one of the restaurant’s pay periods', zh: '这些日期不是本餐厅的工资周期' },
  openShiftsInPeriod: {
    en: 'Some shifts in this pay period are still open. Clock them out first.',
    zh: '该工资周期内还有未下班的班次，请先补全下班时间。',
  },
  pinWrong: { en: 'No active employee has this PIN', zh: '没有使用此 PIN 的在职员工' },
  clockInFirst: { en: 'Please clock in first', zh: '请先上班打卡' },
  waitingOff: {
    en: 'Clocking-out waiting time is not turned on for this restaurant',
    zh: '本餐厅未开启下班等待时间',
  },
  signatureAtClockOut: { en: 'Please sign to clock out', zh: '请签名后下班打卡' },
  signatureOff: { en: 'Signature capture is not turned on for this restaurant', zh: '本餐厅未开启签名' },
  anchorWeekday: {
    en: 'Pick a day that starts a pay period',
    zh: '请选择工资周期的第一天',
  },
  wageInvalid: { en: 'Enter an hourly wage from $0.00 to $1,000.00', zh: '请输入 0 到 1000 美元之间的时薪' },
  roleNotFound: { en: 'This role does not exist at this restaurant', zh: '该角色在本餐厅不存在' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type TWorkHoursMessageKey = keyof typeof WORK_HOURS_MESSAGES;
