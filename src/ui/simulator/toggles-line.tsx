/**
 * The settings, always visible, each with the key that flips it: the
 * toggles' state is never hidden behind a help screen.
 */
import { Text } from '../components/text.js';
import type { ScenarioConfig } from '../../core/types.js';
import type { Theme } from '../theme.js';

export function TogglesLine({ config, theme }: { config: ScenarioConfig; theme: Theme }) {
  const key = (k: string) => <Text color={theme.color('accent')}>{k}</Text>;
  return (
    <Text wrap="truncate">
      {' '}
      {key('f')} fencing{' '}
      <Text bold color={config.fencing ? theme.color('good') : theme.color('bad')}>
        {config.fencing ? 'ON ' : 'OFF'}
      </Text>
      {'   '}
      {key('d')} minting <Text bold>{config.minting.padEnd(8)}</Text>
      {'   '}
      {key('a')} check <Text bold>{config.check.padEnd(6)}</Text>
      {'   '}
      {key('[/]')} lease <Text bold>{config.ttl}</Text>
    </Text>
  );
}
