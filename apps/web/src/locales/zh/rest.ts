/** Every other namespace in this language (see first.ts, frame.ts), loaded with the first page that needs them. */
export default import.meta.glob<Record<string, string>>(
  [
    './*.json',
    '!./{common,route,auth,login,errors}.json',
    '!./{layout,agent,dashboard}.json',
    '!./{reports,report-mail}.json',
  ],
  {
    eager: true,
    import: 'default',
  },
);
