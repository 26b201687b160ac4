import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/**
 * Dates (antd's pickers, the pages' dayjs formatting) speak Chinese. The shell sets it when it loads,
 * before any screen renders: the sign-in pages show no date, so dayjs leaves their first load.
 */
export const setChineseDates = (): void => {
  dayjs.locale('zh-cn');
};
