import { Button } from '@midway/ui';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';

const Footer = styled.div`
  display: flex;
  justify-content: center;
  padding: 12px 20px 20px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The end of a list that loads more as it is scrolled: when this comes into view (or nearly), the next page is
 * asked for. A button does the same for keyboards, and browsers without IntersectionObserver.
 */
export function LoadMoreSentinel({ hasMore, loading, onLoadMore, label }: { hasMore: boolean; loading: boolean; onLoadMore: () => void; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onLoadMore();
    }, { rootMargin: '400px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, onLoadMore]);
  if (!hasMore && !loading) return null;
  return (
    <Footer ref={ref} data-testid="load-more">
      {loading ? (
        <span role="status">Loading more…</span>
      ) : (
        <Button $variant="outline" $size="sm" onClick={onLoadMore}>
          {label}
        </Button>
      )}
    </Footer>
  );
}
