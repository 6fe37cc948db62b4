/**
 * The devices domain's messages: the server answers with `en` (the SPEC's wording where it gives one),
 * and the web shows `zh` to Chinese users (apps/web/src/lib/server-message.ts).
 */
export const DEVICES_MESSAGES = {
  'devices.nameRequired': { en: 'Please enter the device name', zh: '请输入设备名称' },
  'devices.nameTooLong': { en: 'The device name can be at most 60 characters', zh: '设备名称最多 60 个字符' },
  'devices.typeRequired': { en: 'Please select the device type', zh: '请选择设备类型' },
  'devices.codeTooLong': { en: 'The device code can be at most 20 characters', zh: '设备编号最多 20 个字符' },
  'devices.pairingCodeFormat': {
    en: 'A pairing code is 8 letters and digits',
    zh: '配对码为 8 位字母和数字',
  },
  'devices.pairingCodeInvalid': {
    en: 'This pairing code is wrong, used or expired. Create a new one on the Devices page.',
    zh: '配对码错误、已使用或已过期，请在设备页面重新生成。',
  },
  'devices.macFormat': { en: 'A MAC address looks like 00:1A:2B:3C:4D:5E', zh: 'MAC 地址格式如 00:1A:2B:3C:4D:5E' },
  'devices.versionFormat': { en: 'A version looks like 1.2 or 1.2.3', zh: '版本号格式如 1.2 或 1.2.3' },
  'devices.alreadyRevoked': { en: 'This device was already revoked', zh: '该设备已被停用' },
  'devices.tipPercentsRange': {
    en: 'Tip suggestions are 1 to 3 different percentages from 1 to 100',
    zh: '小费建议为 1 至 3 个不同的百分比，取值 1 到 100',
  },
  'devices.amountRange': {
    en: 'Enter an amount from $0.00 to $10,000.00',
    zh: '请输入 $0.00 至 $10,000.00 之间的金额',
  },
} as const satisfies Record<string, { en: string; zh: string }>;

export type TDevicesMessageKey = keyof typeof DEVICES_MESSAGES;
