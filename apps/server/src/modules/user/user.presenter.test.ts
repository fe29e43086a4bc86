import { APP } from '@zg/contract';
import { describe, expect, it } from 'vitest';
import { presentSystemSetting, stripTags } from './user.presenter';

describe('system name', () => {
  it('strips markup tags', () => {
    expect(stripTags('<b>某某职业技术学院</b><script>x</script>质量平台')).toBe('某某职业技术学院x质量平台');
  });
  it('falls back to the default name when empty after stripping', () => {
    expect(
      presentSystemSetting({ id: 1, systemName: '<br/>', logoFileId: null, updatedAt: new Date() }).systemName,
    ).toBe(APP.defaultSystemName);
  });
});
