import { RemoteView } from '../federation/remote-view';
import { usePublicConfig } from '../federation/runtime-manifest';
import { LandingSkeleton } from './skeletons';
import { RemoteUnavailable } from '../federation/remote-unavailable';
import styled from 'styled-components';

const Centered = styled.main`
  max-width: 560px;
  margin: 80px auto;
  padding: 0 16px;
`;

export function LandingRoute() {
  const config = usePublicConfig();
  if (config.isError) {
    return (
      <Centered>
        <RemoteUnavailable label="Midway" onRetry={() => void config.refetch()} />
      </Centered>
    );
  }
  if (!config.data) return <LandingSkeleton />;
  return (
    <RemoteView
      id="mf_landing/Landing"
      props={{ config: config.data }}
      loading={<LandingSkeleton />}
      renderError={(retry) => (
        <Centered>
          <RemoteUnavailable label="The Midway home page" onRetry={retry} />
        </Centered>
      )}
    />
  );
}
