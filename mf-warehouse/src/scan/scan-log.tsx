import { serverMessage } from '@midway/ui';
import { useRef, useState } from 'react';
import styled from 'styled-components';

export type LogTone = 'done' | 'next' | 'problem';
export interface LogLine {
  id: number;
  tone: LogTone;
  text: string;
}

/** What the screen says now: the last line, large, and the ones before it. */
export const Said = styled.div`
  display: grid;
  gap: 8px;
  margin-top: 16px;
  min-width: 0;
`;

export const Now = styled.p<{ $tone: LogTone }>`
  margin: 0;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 650;
  overflow-wrap: anywhere;
  background: ${({ theme, $tone }) => ($tone === 'done' ? theme.badge.green.bg : $tone === 'problem' ? theme.badge.red.bg : theme.colors.surfaceMuted)};
  color: ${({ theme, $tone }) => ($tone === 'done' ? theme.badge.green.fg : $tone === 'problem' ? theme.badge.red.fg : theme.colors.text)};
`;

export const Earlier = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  li { overflow-wrap: anywhere; }
`;

/** The screen's running log, newest first, a few lines long. */
export function useLog(first: string) {
  const next = useRef(1);
  const [lines, setLines] = useState<LogLine[]>([{ id: 0, tone: 'next', text: first }]);
  const say = (tone: LogTone, text: string) => setLines((prev) => [{ id: next.current++, tone, text }, ...prev].slice(0, 8));
  return { lines, say };
}

/** The last line large (read out by screen readers), the earlier ones under it. */
export function ScanLog({ lines, label }: { lines: LogLine[]; label: string }) {
  const [now, ...before] = lines;
  return (
    <Said>
      <Now role="status" aria-live="polite" aria-label={label} $tone={now!.tone} data-tone={now!.tone}>
        {now!.text}
      </Now>
      {before.length ? (
        <Earlier aria-label="Earlier scans">
          {before.map((l) => (
            <li key={l.id}>{l.text}</li>
          ))}
        </Earlier>
      ) : null}
    </Said>
  );
}

/** A refusal's words: the service's own (they name the item, the place and the fix), else `fallback`. */
export const problemOf = (error: unknown, fallback: string) => serverMessage(error) ?? fallback;

