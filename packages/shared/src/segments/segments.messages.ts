/**
 * Saved segments' messages (issue 24 "Customers who come back"): the server answers with `en`, and the
 * web shows `zh` to Chinese users by the key.
 */
export const SEGMENTS_MESSAGES: Record<string, { en: string; zh: string }> = {
  nameRequired: { en: 'Please enter a name for the segment', zh: '请输入分组名称' },
  nameTooLong: { en: 'A segment name can be at most 60 characters', zh: '分组名称最多 60 个字符' },
  nameTaken: { en: 'A segment with this name already exists', zh: '已有同名分组' },
  /** {max} is the most segments a restaurant may keep. */
  tooMany: { en: 'A restaurant can keep at most {max} segments', zh: '每家餐厅最多保存 {max} 个分组' },
  nothingToChange: { en: 'Send a new name or filter', zh: '请提供新的名称或筛选条件' },
  saved: { en: 'Segment saved', zh: '分组已保存' },
  deleted: { en: 'Segment deleted', zh: '分组已删除' },
};
