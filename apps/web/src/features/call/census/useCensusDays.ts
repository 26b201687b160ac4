import { useSearchParams } from 'react-router-dom';
import { presetDays, type TCensusDays } from '../../../shared/census/range';

const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * The statistics pages keep their days in the address (?from=&to=), so a link from one page to
 * another (an agent's days, the lines) carries the same range; the last 7 days without one.
 */
export const useCensusDays = (): [TCensusDays, (days: TCensusDays) => void, URLSearchParams] => {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const days = isDay(from) && isDay(to) && from <= to ? { fromDay: from, toDay: to } : presetDays('last7', Date.now());
  const setDays = (next: TCensusDays) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        out.set('from', next.fromDay);
        out.set('to', next.toDay);
        return out;
      },
      { replace: true },
    );
  return [days, setDays, params];
};

/** The query string of these days, for links between the statistics pages. */
export const daysQuery = (days: TCensusDays) => `from=${days.fromDay}&to=${days.toDay}`;
