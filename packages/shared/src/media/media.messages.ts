/**
 * The media domain's messages: the server answers with `en` (the SPEC's wording where it gives one),
 * and the web shows `zh` to Chinese users (apps/web/src/lib/server-message.ts).
 */
export const MEDIA_MESSAGES = {
  notMultipart: {
    en: 'Please send the files as a multipart form upload.',
    zh: '请以 multipart 表单方式上传文件。',
  },
  noFile: { en: 'Please choose at least one file to upload.', zh: '请至少选择一个要上传的文件。' },
  /** A multipart body that ends mid-part or whose part headers are broken. */
  uploadCutOff: {
    en: 'The upload was cut off or is not a valid multipart form. Please try again.',
    zh: '上传内容不完整或不是有效的 multipart 表单，请重试。',
  },
  emptyFile: { en: 'The file is empty.', zh: '文件为空。' },
  notAnImage: {
    en: 'This file is not an image. Please upload a JPEG, PNG, WebP, GIF, AVIF or HEIC photo.',
    zh: '该文件不是图片。请上传 JPEG、PNG、WebP、GIF、AVIF 或 HEIC 格式的照片。',
  },
  unreadableImage: {
    en: 'This image could not be read. It may be damaged; please try another file.',
    zh: '无法读取该图片，文件可能已损坏，请换一个文件。',
  },
  fileTooLarge: { en: 'The file is larger than 10 MB.', zh: '文件超过 10 MB。' },
  tooManyFiles: { en: 'Please upload at most 20 files at once.', zh: '一次最多上传 20 个文件。' },
  imageInUse: {
    en: 'This image is still used and cannot be deleted. Remove it from those places first.',
    zh: '该图片仍在使用中，无法删除。请先从使用它的地方移除。',
  },
  storageUnavailable: {
    en: 'File storage is unavailable right now. Please try again in a moment.',
    zh: '文件存储暂时不可用，请稍后再试。',
  },
  /** SPEC 5 (an item saved without images where its images are required). */
  uploadAdditionalImages: {
    en: 'Please upload images in Menu Dish Additional Images!',
    zh: '请在菜品附加图片中上传图片！',
  },
  selectPhotos: { en: 'Please select at least one photo.', zh: '请至少选择一张照片。' },
  refuseReasonRequired: { en: 'Please enter a reason for refusing.', zh: '请输入拒绝原因。' },
  reasonTooLong: { en: 'The reason can be at most 200 characters.', zh: '原因最多 200 个字符。' },
  photoNotWaiting: {
    en: 'Only photos waiting for review can be approved or refused.',
    zh: '只有待审核的照片可以通过或拒绝。',
  },
  photoNotApproved: {
    en: 'Only an approved photo can become an item image.',
    zh: '只有已通过的照片可以设为菜品图片。',
  },
  couponNotFound: {
    en: 'That reward coupon is not one of this restaurant’s coupons.',
    zh: '该奖励优惠券不属于本餐厅。',
  },
  dishNameRequired: { en: 'Please enter the dish name.', zh: '请输入菜品名称。' },
  uploadTooOften: {
    en: 'Too many photos were sent from this device. Please try again in a few minutes.',
    zh: '此设备发送照片过于频繁，请几分钟后再试。',
  },
  uploadKeyInvalid: {
    en: 'This photo upload key is not valid for the restaurant.',
    zh: '该照片上传密钥对此餐厅无效。',
  },
} as const satisfies Record<string, { en: string; zh: string }>;
