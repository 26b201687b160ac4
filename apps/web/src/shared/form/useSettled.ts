import { useEffect, useState } from 'react';

/** What is typed, once the typing pauses for `ms`: one request per search, not one per key. */
export const useSettled = (value: string, ms = 300) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
};
