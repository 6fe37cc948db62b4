import type { TLang } from '../errors.ts';
import type { TRoleFlag } from '../permissions.ts';

/**
 * Team, role, employee and password wording in both languages (SPEC 2 team management, 5, 6).
 * The server sends the English text as `message` (or as a field message under `errors`); the
 * browser finds the key with `matchTeamMessage` and shows its own language. `{name}` placeholders
 * are filled by `teamMessage`.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes any length, but a limit keeps a megabyte "password" from costing the server. */
export const PASSWORD_MAX_LENGTH = 128;
export const ROLE_NAME_MAX_LENGTH = 50;
export const PERSON_NAME_MAX_LENGTH = 50;
export const EMPLOYEE_NUMBER_MAX_LENGTH = 20;

export const TEAM_MESSAGES = {
  // Roles (SPEC 6).
  'team.deleteRoleConfirm': { en: 'Do you really want to delete this role?', zh: '确定要删除这个角色吗？' },
  'team.roleHasMembers': {
    en: 'This role still has {count} members. Move them to another role before deleting it.',
    zh: '该角色还有 {count} 名成员。请先将他们移到其他角色，再删除该角色。',
  },
  'team.roleNameRequired': { en: 'Please enter the role name', zh: '请输入角色名称' },
  'team.roleNameTooLong': {
    en: `Role names can be at most ${ROLE_NAME_MAX_LENGTH} characters`,
    zh: `角色名称最多 ${ROLE_NAME_MAX_LENGTH} 个字符`,
  },
  'team.roleNameExists': { en: 'Role name already exists', zh: '角色名称已存在' },
  'team.roleNotFound': { en: 'This role does not exist at this restaurant', zh: '该角色在本餐厅不存在' },
  'team.ownAccessLost': {
    en: 'This change would take away your own access to team management. Ask another person with that access to make it.',
    zh: '此更改会取消您自己的团队管理权限。请让其他拥有该权限的人来操作。',
  },
  // Nobody grants more than they hold, and nobody takes over the owner (team.authority.ts).
  'team.grantBeyondOwn': {
    en: 'You can only give a role permissions you have yourself.',
    zh: '您只能给角色授予您自己拥有的权限。',
  },
  'team.roleOutranks': {
    en: 'This role has permissions you do not have, so you cannot change or delete it.',
    zh: '该角色拥有您没有的权限，因此您不能修改或删除它。',
  },
  'team.assignBeyondOwn': {
    en: 'You can only assign roles whose permissions you all have yourself.',
    zh: '您只能分配其全部权限您自己都拥有的角色。',
  },
  'team.accountOutranks': {
    en: 'This account has permissions you do not have, so you cannot change it.',
    zh: '该账号拥有您没有的权限，因此您不能更改它。',
  },
  'team.ownerProtected': {
    en: 'Only the owner or platform staff can change the owner’s account.',
    zh: '只有店主本人或平台工作人员可以更改店主的账号。',
  },
  'team.representativeProtected': {
    en: 'Only the owner or platform staff can name a new owner.',
    zh: '只有店主本人或平台工作人员可以指定新的店主。',
  },
  'team.ownershipProtected': {
    en: 'Once the restaurant has an owner, only the owner or platform staff can give the Owner role or full access.',
    zh: '餐厅已有店主后，只有店主本人或平台工作人员可以授予店主角色或全部权限。',
  },
  'team.platformStaffProtected': {
    en: 'Only platform staff can change a platform staff account.',
    zh: '只有平台工作人员可以更改平台工作人员的账号。',
  },
  'team.ownerRoleLocked': {
    en: 'A full-access role (the Owner role) cannot lose permissions.',
    zh: '全部权限角色（店主角色）不能减少权限。',
  },
  'team.lastOwnerRole': {
    en: 'The restaurant’s only full-access role (the Owner role) cannot be deleted.',
    zh: '餐厅唯一的全部权限角色（店主角色）不能删除。',
  },
  'team.roleSaved': { en: 'Role saved', zh: '角色已保存' },
  'team.roleDeleted': { en: 'Role deleted', zh: '角色已删除' },

  // Employees (SPEC 3 "User / employee", 4 "User status", 5).
  'team.firstNameRequired': { en: 'Please enter the first name', zh: '请输入名字' },
  'team.lastNameRequired': { en: 'Please enter the last name', zh: '请输入姓氏' },
  'team.nameTooLong': {
    en: `Names can be at most ${PERSON_NAME_MAX_LENGTH} characters`,
    zh: `姓名最多 ${PERSON_NAME_MAX_LENGTH} 个字符`,
  },
  'team.employeeNumberTooLong': {
    en: `Employee numbers can be at most ${EMPLOYEE_NUMBER_MAX_LENGTH} characters`,
    zh: `员工编号最多 ${EMPLOYEE_NUMBER_MAX_LENGTH} 个字符`,
  },
  'team.rolesRequired': { en: 'Please select at least one role', zh: '请至少选择一个角色' },
  'team.pinRequired': { en: 'Please enter a PIN', zh: '请输入 PIN 码' },
  'team.pinTaken': { en: 'This PIN is already used by another employee', zh: '该 PIN 码已被其他员工使用' },
  'team.emailTaken': { en: 'This email is already used by another account', zh: '该邮箱已被其他账号使用' },
  'team.cannotChangeOwnStatus': {
    en: 'You cannot deactivate or delete your own account',
    zh: '您不能停用或删除自己的账号',
  },
  'team.representativeMustBeActive': {
    en: 'Only an active employee can be the authorized representative',
    zh: '只有在职（启用）的员工才能担任授权代表',
  },
  'team.employeeSaved': { en: 'Employee saved', zh: '员工已保存' },
  'team.employeeDeactivated': { en: 'Employee deactivated', zh: '员工已停用' },
  'team.employeeReactivated': { en: 'Employee reactivated', zh: '员工已重新启用' },
  'team.employeeDeleted': { en: 'Employee deleted', zh: '员工已删除' },
  'team.deleteEmployeeConfirm': {
    en: 'Do you really want to delete this employee?',
    zh: '确定要删除这名员工吗？',
  },
  'team.deactivateEmployeeConfirm': {
    en: 'Deactivate this employee? They will be signed out at once and can no longer sign in.',
    zh: '停用这名员工？其将立即被登出，且无法再登录。',
  },

  // Passwords (SPEC 2 /ChangePassword; SPEC 5 leaves the rules open, see docs/api/team.md).
  'team.passwordRules': {
    en: `At least ${PASSWORD_MIN_LENGTH} characters, and not your email address`,
    zh: `至少 ${PASSWORD_MIN_LENGTH} 个字符，且不能是您的邮箱地址`,
  },
  'team.passwordRequired': { en: 'Please enter the password', zh: '请输入密码' },
  'team.passwordTooShort': {
    en: `Passwords must be at least ${PASSWORD_MIN_LENGTH} characters`,
    zh: `密码至少需要 ${PASSWORD_MIN_LENGTH} 个字符`,
  },
  'team.passwordTooLong': {
    en: `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters`,
    zh: `密码最多 ${PASSWORD_MAX_LENGTH} 个字符`,
  },
  'team.passwordIsEmail': { en: 'The password must not be your email', zh: '密码不能是您的邮箱' },
  'team.passwordMismatch': { en: 'The two passwords do not match', zh: '两次输入的密码不一致' },
  'team.passwordWrong': { en: 'The current password is wrong', zh: '当前密码错误' },
  'team.passwordUnchanged': {
    en: 'The new password must be different from the current one',
    zh: '新密码不能与当前密码相同',
  },
  'team.passwordChanged': {
    en: 'Your password has been changed. Your other devices have been signed out.',
    zh: '密码已修改。您的其他设备已被登出。',
  },
} as const satisfies Record<string, Readonly<Record<TLang, string>>>;

export type TTeamMessageKey = keyof typeof TEAM_MESSAGES;

/** The message for `key` in `lang` with `{name}` placeholders filled; missing ones stay visible. */
export function teamMessage(
  key: TTeamMessageKey,
  lang: TLang,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return TEAM_MESSAGES[key][lang].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MATCHERS = (Object.keys(TEAM_MESSAGES) as TTeamMessageKey[]).map((key) => {
  const names: string[] = [];
  const source = TEAM_MESSAGES[key].en
    .split(/(\{\w+\})/)
    .map((part) => {
      const placeholder = /^\{(\w+)\}$/.exec(part);
      if (!placeholder) return escapeRegExp(part);
      names.push(placeholder[1] as string);
      return '(.+?)';
    })
    .join('');
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/**
 * The key and parameters of an English message the server sent, so the browser can show it in
 * Chinese: 'This role still has 3 members. …' -> { key: 'team.roleHasMembers', params: { count: '3' } }.
 */
export function matchTeamMessage(
  english: string,
): { key: TTeamMessageKey; params: Record<string, string> } | undefined {
  for (const { key, names, pattern } of MATCHERS) {
    const match = pattern.exec(english);
    if (!match) continue;
    return { key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1] as string])) };
  }
  return undefined;
}

/** SPEC 3 "Role" flag wording, for the role editor and for reading a role's history. */
export const ROLE_FLAG_LABELS: Record<TRoleFlag, Readonly<Record<TLang, string>>> = {
  fullAccess: { en: 'Full access', zh: '全部权限' },
  order: { en: 'Order', zh: '点单' },
  placeOrders: { en: 'Place orders', zh: '下单' },
  deleteItems: { en: 'Delete items', zh: '删除菜品' },
  cashPayment: { en: 'Cash payment', zh: '现金支付' },
  updateTip: { en: 'Update tip', zh: '修改小费' },
  voidOrders: { en: 'Void orders', zh: '作废订单' },
  quickStats: { en: 'Quick stats', zh: '快速统计' },
  deleteOrders: { en: 'Delete orders', zh: '删除订单' },
  adjustPrice: { en: 'Adjust price', zh: '调整价格' },
  sendRewardCoupon: { en: 'Send reward coupon', zh: '发送奖励优惠券' },
  soldOut: { en: 'Sold out', zh: '设置售罄' },
  editMenu: { en: 'Edit menu', zh: '编辑菜单' },
  editConfig: { en: 'Edit config', zh: '编辑设置' },
  viewTransactions: { en: 'View transactions', zh: '查看交易' },
  viewAnalyticCenter: { en: 'View analytic center', zh: '查看分析中心' },
  editAccounts: { en: 'Edit accounts', zh: '管理账号' },
  viewWorkHours: { en: 'View work hours', zh: '查看工时' },
  editWorkHour: { en: 'Edit work hour', zh: '编辑工时' },
  editCoupon: { en: 'Edit/create coupon', zh: '编辑/创建优惠券' },
  viewSalesReport: { en: 'View sales report', zh: '查看销售报表' },
  manageGiftCard: { en: 'Manage gift card', zh: '管理礼品卡' },
  cashDrawer: { en: 'Cash drawer', zh: '钱箱' },
  switchLocation: { en: 'Switch location', zh: '切换门店' },
  modifyServerForTip: { en: 'Modify server for tip', zh: '修改小费归属服务员' },
  loginPosOnOwnDevice: { en: 'Login POS on own device', zh: '在个人设备上登录 POS' },
  disablePinIn: { en: 'Disable pin in', zh: '禁用 PIN 登录' },
  clockInRequired: { en: 'Clock-in required', zh: '需先打卡' },
};

/** SPEC 6 permission group labels, keyed as ROLE_FLAG_GROUPS in permissions.ts. */
export const ROLE_FLAG_GROUP_LABELS: Record<string, Readonly<Record<TLang, string>>> = {
  allAccess: { en: 'All access', zh: '全部权限' },
  orders: { en: 'Orders', zh: '订单' },
  transactions: { en: 'Transactions', zh: '交易' },
  discounts: { en: 'Discounts', zh: '折扣' },
  giftCards: { en: 'Gift cards', zh: '礼品卡' },
  menu: { en: 'Menu', zh: '菜单' },
  dailyOperation: { en: 'Daily operation', zh: '日常运营' },
  reports: { en: 'Reports', zh: '报表' },
  teamManagement: { en: 'Team management', zh: '团队管理' },
  settings: { en: 'Settings', zh: '设置' },
  workHours: { en: 'Work hours', zh: '工时' },
  login: { en: 'Login', zh: '登录' },
};
