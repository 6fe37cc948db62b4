/**
 * The agent domain's messages: the server answers with `en` (the SPEC's wording where it gives one),
 * and the web shows `zh` to Chinese users (apps/web/src/lib/server-message.ts).
 */
export const AGENT_MESSAGES = {
  'agent.notAgent': {
    en: 'Only agents and team members can use the agent area',
    zh: '只有代理和团队成员可以使用代理区',
  },
  'agent.adminOnly': {
    en: 'Only a team admin can do this',
    zh: '只有团队管理员可以执行此操作',
  },
  'agent.firstNameRequired': { en: 'Please enter the first name', zh: '请输入名字' },
  'agent.lastNameRequired': { en: 'Please enter the last name', zh: '请输入姓氏' },
  'agent.emailInvalid': { en: 'Please enter the correct email address', zh: '请输入正确的邮箱地址' },
  'agent.emailTaken': {
    en: 'An account with this email already exists',
    zh: '该邮箱已有账号',
  },
  'agent.inviteEmailFailed': {
    en: 'The invitation email could not be sent. Nothing was changed; please try again later.',
    zh: '邀请邮件发送失败，未做任何更改，请稍后重试。',
  },
  'agent.restaurantNotInTree': {
    en: 'This restaurant is not in your portfolio',
    zh: '该餐厅不在您的餐厅列表中',
  },
  'agent.nodeNotInTree': {
    en: 'This group or restaurant is not in your tree',
    zh: '该分组或餐厅不在您的餐厅树中',
  },
  'agent.selfChange': {
    en: 'You cannot deactivate yourself or change your own team role',
    zh: '不能停用您自己，也不能更改您自己的团队角色',
  },
  'agent.platformStaffProtected': {
    en: 'Only platform staff can change a platform staff account',
    zh: '只有平台工作人员可以更改平台工作人员的账号',
  },
  'agent.memberOutranks': {
    en: 'This account is at or above your place in the team, so you cannot change it',
    zh: '该账号在团队中的级别不低于您，因此您不能更改它',
  },
  'agent.rateRequired': {
    en: 'Please enter a rate between 0.01% and 100%',
    zh: '请输入 0.01% 到 100% 之间的比例',
  },
  'agent.startDateRequired': { en: 'Please select the start date', zh: '请选择开始日期' },
  'agent.endBeforeStart': {
    en: 'The end date must be on or after the start date',
    zh: '结束日期不能早于开始日期',
  },
  'agent.ruleTargetRequired': {
    en: 'Choose either one restaurant or one plan',
    zh: '请选择一家餐厅或一个套餐',
  },
  'agent.periodInvalid': {
    en: 'A pay period starts on the 1st or the 16th of a month',
    zh: '结算周期从每月 1 日或 16 日开始',
  },
  'agent.periodNotOver': {
    en: 'This pay period has not ended yet',
    zh: '该结算周期尚未结束',
  },
  'agent.earningNotPending': {
    en: 'Only a pending commission can be approved',
    zh: '只有待审核的佣金可以批准',
  },
  'agent.clawbackReasonRequired': { en: 'Please enter the reason for the reversal', zh: '请输入冲回原因' },
  'agent.clawbackTooLarge': {
    en: 'A reversal cannot exceed what is left of the commission',
    zh: '冲回金额不能超过该佣金的剩余金额',
  },
  'agent.clawbackNotCommission': {
    en: 'Only a commission can be reversed',
    zh: '只能冲回佣金',
  },
  'agent.paycheckAlreadyPaid': { en: 'This paycheck has already been paid', zh: '该工资单已支付' },
  'agent.paycheckNothingToPay': {
    en: 'This paycheck is below the minimum payout and was carried to the next period',
    zh: '该工资单低于最低支付金额，已结转到下一周期',
  },
  'agent.bankNotVerified': {
    en: 'Please link bank information first',
    zh: '请先绑定银行信息',
  },
  'agent.pdfFontMissing': {
    en: 'The Chinese font for PDF statements is not installed on the server (fonts-noto-cjk)',
    zh: '服务器未安装 PDF 对账单所需的中文字体（fonts-noto-cjk）',
  },
  'agent.recipientsRequired': { en: 'Please select restaurants first', zh: '请先选择餐厅' },
  'agent.messageRequired': {
    en: 'Please write the message in English and Chinese',
    zh: '请填写英文和中文消息',
  },
  'agent.fileTooLarge': { en: 'The file can be at most 10 MB', zh: '文件不能超过 10 MB' },
  'agent.fileType': {
    en: 'Only a PDF or an image (PNG, JPEG, WebP, GIF) can be sent',
    zh: '只能发送 PDF 或图片（PNG、JPEG、WebP、GIF）',
  },
  'agent.applicationNotPending': {
    en: 'This application has already been reviewed',
    zh: '该申请已审核',
  },
  'agent.rejectReasonRequired': { en: 'Please select the rejection reason', zh: '请选择拒绝原因' },
  'agent.rejectNoteRequired': { en: 'Please add a note for the applicant', zh: '请为申请人填写备注' },
  'agent.referralInvalid': {
    en: 'This referral link is not valid. Please ask your agent for a new one.',
    zh: '该推荐链接无效，请向您的代理索取新链接。',
  },
  'agent.businessNameRequired': { en: 'Please enter the restaurant name', zh: '请输入餐厅名称' },
  'agent.applicationReceived': {
    en: 'Thank you. Your application was sent and you will hear from us by email.',
    zh: '谢谢！您的申请已提交，我们会通过邮件与您联系。',
  },
  'agent.approved': { en: 'Application approved', zh: '申请已批准' },
  'agent.rejected': { en: 'Application rejected', zh: '申请已拒绝' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type TAgentMessageKey = keyof typeof AGENT_MESSAGES;
