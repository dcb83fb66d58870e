import * as AvatarPrimitive from '@radix-ui/react-avatar';
import styled from 'styled-components';

const Root = styled(AvatarPrimitive.Root)<{ $size: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.accent};
  color: #fff;
  font-weight: 650;
  font-size: ${({ $size }) => Math.round($size * 0.4)}px;
  user-select: none;
`;

const Image = styled(AvatarPrimitive.Image)`
  width: 100%;
  height: 100%;
  object-fit: cover;
`;

export interface AvatarProps {
  /** Shown when there is no image or it fails to load, e.g. an initial. */
  fallback: string;
  src?: string | null;
  alt?: string;
  size?: number;
}

export function Avatar({ fallback, src, alt = '', size = 36 }: AvatarProps) {
  return (
    <Root $size={size}>
      {src ? <Image src={src} alt={alt} /> : null}
      <AvatarPrimitive.Fallback>{fallback}</AvatarPrimitive.Fallback>
    </Root>
  );
}
