/**
 * The words of the notification mails in each language, as the client's bell writes the same notices
 * (web/src/lib/i18n/messages/notifications.*.json); names, dates and times come from the notification.
 */
export type MailLanguage = 'en' | 'ar';

type Values = Record<string, string>;
type Words = {
  [K in keyof typeof EN]: (values: Values) => string;
};

const EN = {
  rosterChanged: (v: Values) => `Your roster changed: version ${v.version}`,
  added: (v: Values) => `${v.date}: ${v.after} added`,
  removed: (v: Values) => `${v.date}: ${v.before} taken off`,
  moved: (v: Values) => `${v.date}: ${v.before} now ${v.after}`,
  moreChanges: (v: Values) => `and ${v.count} more ${v.count === '1' ? 'change' : 'changes'}`,
  leaveStepApproved: (v: Values) => `Your leave of ${v.from} to ${v.to} passed step ${v.step}`,
  leaveApproved: (v: Values) => `Your leave of ${v.from} to ${v.to} is approved`,
  leaveRejected: (v: Values) => `Your leave of ${v.from} to ${v.to} is rejected`,
  comment: (v: Values) => `“${v.comment}”`,
  swapProposed: (v: Values) =>
    `${v.name} asks you to swap your shift of ${v.wanted} for theirs of ${v.offered}`,
  giveAwayProposed: (v: Values) => `${v.name} offers you their shift of ${v.offered}`,
  swapAccepted: (v: Values) => `${v.name} accepted your swap of ${v.offered}`,
  swapDeclined: (v: Values) => `${v.name} declined your swap of ${v.offered}`,
  swapCancelled: (v: Values) => `${v.name} withdrew the swap of ${v.offered}`,
  swapApproved: (v: Values) => `The swap of ${v.offered} is approved`,
  swapRejected: (v: Values) => `The swap of ${v.offered} is rejected`,
  leaveAwaiting: (v: Values) =>
    `${v.name} asks for leave from ${v.from} to ${v.to}: step ${v.step} waits for your decision`,
  rosterAwaiting: (v: Values) =>
    `Roster version ${v.version} of ${v.from} to ${v.to} waits for your approval`,
  swapAwaiting: (v: Values) => `${v.name}: a swap of ${v.offered} waits for your approval`,
  importFinished: (v: Values) => `Your employee import finished: ${v.total} rows`,
  importFinishedWithErrors: (v: Values) =>
    `Your employee import finished: ${v.failed} of ${v.total} rows failed`,
  importFailed: () => 'Your employee import failed',
  importCancelled: () => 'Your employee import was cancelled',
  runFinished: (v: Values) => `Your allocation run finished: ${v.assigned} of ${v.required} heads covered`,
  runFailed: () => 'Your allocation run failed',
  openShiftOffered: (v: Values) =>
    `An open shift of ${v.date} is offered that you may work: claim it if you want it`,
  claimApproved: (v: Values) => `Your claim of the open shift of ${v.date} is approved`,
  claimDeclined: (v: Values) => `Your claim of the open shift of ${v.date} is declined`,
  exceptionJustified: (v: Values) => `Your attendance of ${v.date} (${v.what}) was validated as justified`,
  exceptionUnjustified: (v: Values) => `Your attendance of ${v.date} (${v.what}) was found not justified`,
  certificateExpiring: (v: Values) => `Your certificate ${v.name} expires on ${v.date}: renew it before then`,
  NO_SHOW: () => 'no show',
  UNPLANNED_ATTENDANCE: () => 'unplanned attendance',
  LATE_ARRIVAL: () => 'late arrival',
  EARLY_DEPARTURE: () => 'early departure',
  WRONG_SHIFT: () => 'wrong shift',
  greeting: (v: Values) => `Hello ${v.name},`,
  open: () => 'Open it in the rostering service:',
  why: () =>
    'You receive this mail because you chose to be told of this by mail. Change that in your profile, under Notifications.',
};

/** Arabic plural categories of "and N more changes", as the client's catalogue has them. */
const arabicMoreChanges = (count: string): string => {
  const category = new Intl.PluralRules('ar').select(Number(count));
  if (category === 'one') return 'وتغيير آخر';
  if (category === 'two') return 'وتغييران آخران';
  if (category === 'few') return `و${count} تغييرات أخرى`;
  if (category === 'many') return `و${count} تغييرًا آخر`;
  return `و${count} تغيير آخر`;
};

const AR: Words = {
  rosterChanged: (v) => `تغيّر جدولك: النسخة ${v.version}`,
  added: (v) => `${v.date}: أُضيفت ${v.after}`,
  removed: (v) => `${v.date}: أُلغيت ${v.before}`,
  moved: (v) => `${v.date}: ${v.before} صارت ${v.after}`,
  moreChanges: (v) => arabicMoreChanges(v.count!),
  leaveStepApproved: (v) => `اجتازت إجازتك من ${v.from} إلى ${v.to} المرحلة ${v.step}`,
  leaveApproved: (v) => `اعتُمدت إجازتك من ${v.from} إلى ${v.to}`,
  leaveRejected: (v) => `رُفضت إجازتك من ${v.from} إلى ${v.to}`,
  comment: (v) => `«${v.comment}»`,
  swapProposed: (v) => `${v.name}: طلب مبادلة مناوبتك في ${v.wanted} بمناوبة ${v.offered}`,
  giveAwayProposed: (v) => `${v.name}: عرض مناوبة ${v.offered} عليك`,
  swapAccepted: (v) => `${v.name}: قبول تبديل مناوبتك في ${v.offered}`,
  swapDeclined: (v) => `${v.name}: رفض تبديل مناوبتك في ${v.offered}`,
  swapCancelled: (v) => `${v.name}: سحب تبديل المناوبة في ${v.offered}`,
  swapApproved: (v) => `اعتُمد تبديل المناوبة في ${v.offered}`,
  swapRejected: (v) => `رُفض تبديل المناوبة في ${v.offered}`,
  leaveAwaiting: (v) => `${v.name}: طلب إجازة من ${v.from} إلى ${v.to}، المرحلة ${v.step} بانتظار قرارك`,
  rosterAwaiting: (v) => `النسخة ${v.version} من الجدول (${v.from} إلى ${v.to}) بانتظار اعتمادك`,
  swapAwaiting: (v) => `${v.name}: تبديل مناوبة ${v.offered} بانتظار اعتمادك`,
  importFinished: (v) => `انتهى استيراد الموظفين: ${v.total} صف`,
  importFinishedWithErrors: (v) => `انتهى استيراد الموظفين: تعذّر ${v.failed} من ${v.total} صف`,
  importFailed: () => 'فشل استيراد الموظفين',
  importCancelled: () => 'أُلغي استيراد الموظفين',
  runFinished: (v) => `انتهى تشغيل التوزيع: غُطّي ${v.assigned} من ${v.required} مطلوبًا`,
  runFailed: () => 'فشل تشغيل التوزيع',
  openShiftOffered: (v) => `عُرضت مناوبة متاحة في ${v.date} يحق لك العمل فيها: اطلبها إن أردتها`,
  claimApproved: (v) => `اعتُمد طلبك للمناوبة المتاحة في ${v.date}`,
  claimDeclined: (v) => `رُفض طلبك للمناوبة المتاحة في ${v.date}`,
  exceptionJustified: (v) => `اعتُمد حضورك في ${v.date} (${v.what}) مبررًا`,
  exceptionUnjustified: (v) => `عُدّ حضورك في ${v.date} (${v.what}) غير مبرر`,
  certificateExpiring: (v) => `تنتهي شهادتك ${v.name} في ${v.date}: جدّدها قبل ذلك`,
  NO_SHOW: () => 'غياب',
  UNPLANNED_ATTENDANCE: () => 'حضور غير مخطط',
  LATE_ARRIVAL: () => 'تأخر في الحضور',
  EARLY_DEPARTURE: () => 'انصراف مبكر',
  WRONG_SHIFT: () => 'العمل في وردية أخرى',
  greeting: (v) => `مرحبًا ${v.name}،`,
  open: () => 'افتحه في نظام جدولة المناوبات:',
  why: () => 'تصلك هذه الرسالة لأنك اخترت أن تُبلَّغ بهذا بالبريد. غيّر ذلك في ملفك الشخصي، في قسم الإشعارات.',
};

export const MAIL_WORDS: Record<MailLanguage, Words> = { en: EN, ar: AR };
