import type { TLang } from '../errors.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';

/**
 * The menu domain's wording in both languages (SPEC 5 "Menu messages", issue 8). The server answers
 * with `en` (the SPEC's exact wording where it gives one) and the web shows `zh` to Chinese users
 * (apps/web/src/lib/server-message.ts matches plain texts; `translateMenuMessage` also matches the
 * texts below that carry `{placeholders}`, such as the nesting path).
 */
export const SUBTITLE_MAX_LENGTH = 80; // SPEC 5, SPEC 9
export const DESCRIPTION_MAX_LENGTH = 300; // SPEC 5, SPEC 9
export const NAME_MAX_LENGTH = 100;
export const ITEM_CODE_MAX_LENGTH = 40;
/** Modifier groups open other groups at most this deep (issue 8 "Refuse nesting deeper than 3 levels"). */
export const MAX_MODIFIER_NESTING = 3;
/** Items changed by one bulk edit (and selected at once in the library). */
export const BULK_EDIT_MAX_ITEMS = 1000;

export const MENU_MESSAGES = {
  // SPEC 5, exact wording (the same entries as packages/shared/src/validation/messages.ts).
  'menu.selectOption': VALIDATION_MESSAGES['menu.selectOption'],
  'menu.inputPrice': VALIDATION_MESSAGES['menu.inputPrice'],
  'menu.inputLinkedWithDBID': VALIDATION_MESSAGES['menu.inputLinkedWithDBID'],
  'menu.inputPrinters': VALIDATION_MESSAGES['menu.inputPrinters'],
  'menu.inputDishHourWithDays': VALIDATION_MESSAGES['menu.inputDishHourWithDays'],
  'menu.enterItemId': VALIDATION_MESSAGES['menu.enterItemId'],
  'menu.enterName': VALIDATION_MESSAGES['menu.enterName'],
  'menu.enterPrintName': VALIDATION_MESSAGES['menu.enterPrintName'],
  'menu.enterPrice': VALIDATION_MESSAGES['menu.enterPrice'],
  'menu.uploadAdditionalImages': {
    en: 'Please upload images in Menu Dish Additional Images!',
    zh: '请在菜品附加图片中上传图片！',
  },

  // Lengths (SPEC 5, 9).
  'menu.subtitleTooLong': {
    en: `The subtitle can be at most ${SUBTITLE_MAX_LENGTH} letters`,
    zh: `副标题最多 ${SUBTITLE_MAX_LENGTH} 个字`,
  },
  'menu.descriptionTooLong': {
    en: `The description can be at most ${DESCRIPTION_MAX_LENGTH} letters`,
    zh: `描述最多 ${DESCRIPTION_MAX_LENGTH} 个字`,
  },
  'menu.nameTooLong': { en: `Names can be at most ${NAME_MAX_LENGTH} letters`, zh: `名称最多 ${NAME_MAX_LENGTH} 个字` },
  'menu.itemIdTooLong': {
    en: `The item_id can be at most ${ITEM_CODE_MAX_LENGTH} characters`,
    zh: `商品编号最多 ${ITEM_CODE_MAX_LENGTH} 个字符`,
  },
  'menu.itemIdFormat': {
    en: 'The item_id can hold letters, digits, hyphens, dots and underscores only',
    zh: '商品编号只能包含字母、数字、连字符、点和下划线',
  },
  'menu.itemIdTaken': { en: 'This item_id is already used by another item', zh: '该商品编号已被其他菜品使用' },
  'menu.nameTaken': { en: 'This name is already used', zh: '该名称已被使用' },
  'menu.priceInvalid': {
    en: 'Prices are whole cents from 0 to 1,000,000.00',
    zh: '价格须为 0 到 1,000,000.00 之间的整分金额',
  },
  'menu.taxRateInvalid': {
    en: 'Enter a tax rate from 0 to 100 with at most three decimals (e.g. 8.875)',
    zh: '请输入 0 到 100 之间、最多三位小数的税率（例如 8.875）',
  },
  'menu.minOrderInvalid': { en: 'The minimum order number is at least 1', zh: '最低起点数量至少为 1' },
  'menu.maxOrderBelowMin': {
    en: 'The quantity limit cannot be below the minimum order number',
    zh: '限购数量不能小于最低起点数量',
  },
  'menu.minAboveMax': {
    en: 'The minimum cannot be above the maximum',
    zh: '最少数量不能大于最多数量',
  },
  'menu.freeAboveMax': {
    en: 'Free selections cannot be more than the maximum selections',
    zh: '免费可选数量不能多于最多可选数量',
  },
  'menu.requiredNeedsMin': {
    en: 'A required group needs a minimum of at least 1',
    zh: '必选组的最少选择数量至少为 1',
  },
  'menu.modifiersRequired': { en: 'Add at least one modifier', zh: '请至少添加一个配料选项' },
  'menu.barcodeDataRequired': { en: 'Please enter the barcode data', zh: '请输入条码内容' },
  'menu.dateInPast': { en: 'Choose a time in the future', zh: '请选择将来的时间' },
  'menu.scheduleEmpty': { en: 'Choose at least one change to schedule', zh: '请至少选择一项要预约的更改' },
  'menu.selectItems': { en: 'Please select items first', zh: '请先选择菜品' },
  'menu.tooManyItems': {
    en: `At most ${BULK_EDIT_MAX_ITEMS} items can be changed at once`,
    zh: `一次最多只能修改 ${BULK_EDIT_MAX_ITEMS} 个菜品`,
  },
  'menu.priceWouldBeNegative': {
    en: 'This change would make the price of {name} negative',
    zh: '此更改会使 {name} 的价格变为负数',
  },
  'menu.prefixRequired': { en: 'Please enter the item-code prefix', zh: '请输入商品编号前缀' },
  'menu.duplicateIds': { en: 'The list names the same entry twice', zh: '列表中有重复的条目' },
  'menu.orderIncomplete': {
    en: 'The new order must list every entry exactly once',
    zh: '新的排序必须完整列出每个条目且不得重复',
  },

  // Nested modifier groups (issue 8): the path names the groups, e.g. "Wings › Sauce › Dip › Extra".
  'menu.nestingTooDeep': {
    en: `Modifier groups can open other groups at most ${MAX_MODIFIER_NESTING} levels deep: {path}`,
    zh: `配料组最多只能嵌套 ${MAX_MODIFIER_NESTING} 层：{path}`,
  },
  'menu.nestingLoop': {
    en: 'A modifier group cannot open itself, directly or through other groups: {path}',
    zh: '配料组不能直接或通过其他配料组打开自身：{path}',
  },

  // References.
  'menu.categoryNotFound': { en: 'This category does not exist at this restaurant', zh: '该分类在本餐厅不存在' },
  'menu.modifierGroupNotFound': {
    en: 'This modifier group does not exist at this restaurant',
    zh: '该配料组在本餐厅不存在',
  },
  'menu.itemNotFound': { en: 'This item does not exist at this restaurant', zh: '该菜品在本餐厅不存在' },
  'menu.imageNotFound': { en: 'This image is not in the restaurant’s image library', zh: '该图片不在本餐厅的图片库中' },
  'menu.coverNotAmongImages': {
    en: 'The cover image must be one of the item’s images',
    zh: '封面图片必须是该菜品的图片之一',
  },
  'menu.usedElsewhere': {
    en: 'This is used elsewhere. Confirm to delete it anyway.',
    zh: '该条目在其他地方被使用。确认后仍将删除。',
  },
  'menu.versionNotFound': { en: 'This version does not exist', zh: '该版本不存在' },
  'menu.scheduleNotPending': {
    en: 'This scheduled change has already taken effect or was cancelled',
    zh: '该预约更改已生效或已取消',
  },
  'menu.unknownChannel': { en: 'Unknown channel', zh: '未知渠道' },

  // Import (issue 8 "names each bad row").
  'menu.importNotXlsx': { en: 'The file is not an XLSX workbook', zh: '该文件不是 XLSX 工作簿' },
  /** apps/server/src/lib/zip-guard.ts XLSX_LIMITS. */
  'menu.importUnpacksTooLarge': {
    en: 'The workbook unpacks to more than 50 MB or holds more than 1,000 files. Please split it into smaller workbooks.',
    zh: '该工作簿解压后超过 50 MB 或包含超过 1000 个文件，请拆分为较小的工作簿。',
  },
  'menu.importMissingSheet': { en: 'The workbook has no sheet named {sheet}', zh: '工作簿中没有名为 {sheet} 的工作表' },
  'menu.importRow': { en: 'Sheet {sheet}, row {row}: {message}', zh: '工作表 {sheet} 第 {row} 行：{message}' },
  'menu.importDuplicateItemId': { en: 'The item_id {itemId} appears twice', zh: '商品编号 {itemId} 出现了两次' },
  'menu.importUnknownCategory': { en: 'Unknown category {name}', zh: '未知分类 {name}' },
  'menu.importUnknownModifierGroup': { en: 'Unknown modifier group {name}', zh: '未知配料组 {name}' },
  'menu.importInvalid': {
    en: 'The file has errors; nothing was imported',
    zh: '文件有错误，未导入任何内容',
  },
  'menu.importTooLarge': { en: 'The file is larger than 10 MB', zh: '文件大于 10 MB' },

  // Successes the web shows.
  'menu.saved': { en: 'Saved', zh: '已保存' },
  'menu.deleted': { en: 'Deleted', zh: '已删除' },
  'menu.restored': { en: 'Version restored', zh: '已恢复该版本' },
} as const satisfies Record<string, Readonly<Record<TLang, string>>>;

export type TMenuMessageKey = keyof typeof MENU_MESSAGES;

/** The message in one language with `{placeholders}` filled. */
export function menuMessage(key: TMenuMessageKey, lang: TLang, params: Record<string, string | number> = {}): string {
  return MENU_MESSAGES[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const templates = Object.values(MENU_MESSAGES)
  .filter((entry) => entry.en.includes('{'))
  .map((entry) => {
    const names: string[] = [];
    const source = escape(entry.en).replace(/\\\{(\w+)\\\}/g, (_, name: string) => {
      names.push(name);
      return '(.+?)';
    });
    return { entry, names, pattern: new RegExp(`^${source}$`, 's') };
  });

/**
 * A server message in the user's language: the plain texts, and those with placeholders (the values
 * are kept as sent, e.g. the group names of a nesting path; an import row's inner message is itself
 * translated). Unknown text comes back unchanged.
 */
export function translateMenuMessage(text: string, lang: TLang): string {
  for (const plain of Object.values(MENU_MESSAGES)) if (plain.en === text) return plain[lang];
  for (const { entry, names, pattern } of templates) {
    const match = pattern.exec(text);
    if (!match) continue;
    return names.reduce(
      (out, name, i) =>
        out.replace(`{${name}}`, name === 'message' ? translateMenuMessage(match[i + 1]!, lang) : match[i + 1]!),
      entry[lang] as string,
    );
  }
  return text;
}
