import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A chosen file and a blob: address for its preview. The address is made when the file is chosen
 * and revoked when it is replaced, removed, or the form goes away.
 */
export function useChosenFile() {
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const current = useRef<string | null>(null);

  const choose = useCallback((file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    const url = file ? URL.createObjectURL(file) : null;
    current.current = url;
    setChosen(file && url ? { file, url } : null);
  }, []);

  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );

  return { file: chosen?.file ?? null, preview: chosen?.url ?? null, choose };
}
