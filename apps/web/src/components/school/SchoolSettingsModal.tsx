import { SCHOOL_MSG, SHELL_TEXT as T } from '@zg/contract';
import { App, Button, Modal, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/errors';
import { LoadError } from '../LoadError';
import { useSaveSchoolSetting, useSchoolOptions, useSchoolSetting } from './school.api';

/** Tags a collapsed group shows before 展开. */
export const COLLAPSED_TAGS = 8;

/** The tags chosen after clicking 全部: every option, or none when every option was chosen already. */
export function toggleAll(chosen: readonly string[], options: readonly string[]): string[] {
  return allChosen(chosen, options) ? [] : [...options];
}

/** Whether every option is chosen (全部 shows checked). */
export function allChosen(chosen: readonly string[], options: readonly string[]): boolean {
  return options.length > 0 && options.every((o) => chosen.includes(o));
}

/** `chosen` with `tag` added or removed, in the options' order. */
export function toggleTag(chosen: readonly string[], tag: string, options: readonly string[]): string[] {
  const next = chosen.includes(tag) ? chosen.filter((t) => t !== tag) : [...chosen, tag];
  return options.filter((o) => next.includes(o));
}

function TagGroup({
  label,
  options,
  chosen,
  onChange,
  expandable,
}: {
  label: string;
  options: readonly string[];
  chosen: string[];
  onChange: (next: string[]) => void;
  expandable: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const folds = expandable && options.length > COLLAPSED_TAGS;
  const shown = folds && !expanded ? options.slice(0, COLLAPSED_TAGS) : options;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of toggle tags, not a form fieldset.
    <div className="zg-school-settings__group" role="group" aria-label={label}>
      <div className="zg-school-settings__label">{label}</div>
      <div className="zg-school-settings__tags">
        <Tag.CheckableTag checked={allChosen(chosen, options)} onChange={() => onChange(toggleAll(chosen, options))}>
          {T.all}
        </Tag.CheckableTag>
        {shown.map((option) => (
          <Tag.CheckableTag
            key={option}
            checked={chosen.includes(option)}
            onChange={() => onChange(toggleTag(chosen, option, options))}
          >
            {option}
          </Tag.CheckableTag>
        ))}
      </div>
      {folds && (
        <Button type="link" size="small" className="zg-school-settings__fold" onClick={() => setExpanded((e) => !e)}>
          {expanded ? T.collapse : T.expand}
        </Button>
      )}
    </div>
  );
}

/**
 * Spec-1 section 2: the school picker's settings, tag groups for school level, nature and region (the latter two
 * expandable), each with 全部. Saving sends the lists; the saved settings are fetched again on success.
 */
export function SchoolSettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const options = useSchoolOptions(open);
  const setting = useSchoolSetting(open);
  const save = useSaveSchoolSetting();
  const [levels, setLevels] = useState<string[]>([]);
  const [natures, setNatures] = useState<string[]>([]);
  const [provinces, setProvinces] = useState<string[]>([]);

  // Each opening starts from what is saved.
  useEffect(() => {
    if (!open || !setting.data) return;
    setLevels(setting.data.schoolLevel);
    setNatures(setting.data.schoolNature);
    setProvinces(setting.data.schoolProvince);
  }, [open, setting.data]);

  const submit = () =>
    save.mutate(
      { schoolLevel: levels, schoolNature: natures, schoolProvince: provinces, state: true },
      {
        onSuccess: () => {
          message.success(SCHOOL_MSG.saved);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.handled) return;
          message.error(error.message);
        },
      },
    );

  const failed = options.error ?? setting.error;
  return (
    <Modal
      open={open}
      title={T.schoolSettingsTitle}
      width={640}
      okText={T.confirm}
      cancelText={T.cancel}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !options.data || !setting.data }}
      destroyOnHidden
    >
      {failed ? (
        <LoadError
          error={failed}
          onRetry={() => {
            void options.refetch();
            void setting.refetch();
          }}
        />
      ) : !options.data || !setting.data ? (
        <Spin className="zg-school-settings__loading" />
      ) : (
        <div className="zg-school-settings">
          <TagGroup
            label={T.schoolLevel}
            options={options.data.levels}
            chosen={levels}
            onChange={setLevels}
            expandable={false}
          />
          <TagGroup
            label={T.schoolNature}
            options={options.data.natures}
            chosen={natures}
            onChange={setNatures}
            expandable
          />
          <TagGroup
            label={T.schoolRegion}
            options={options.data.provinces}
            chosen={provinces}
            onChange={setProvinces}
            expandable
          />
        </div>
      )}
    </Modal>
  );
}
