import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  FLAG_STATE_LABELS,
  FLAG_STATES,
  MEDICAL_CATEGORIES,
  MEDICAL_CATEGORY_LABELS,
  VESSEL_TYPE_LABELS,
  VESSEL_TYPES,
  type VesselDetails,
} from '@medchest/domain';
import { Field, fieldProps } from '../../components/ui/Field';
import { isFlagField, LABELS, REQUIRED, type FieldName, type FlagFieldName, type VesselFormValues } from './vesselFormModel';

export type VesselForm = UseFormReturn<VesselFormValues, unknown, VesselDetails>;

/** The props every control of the form gets: its id, its error wiring and its test id. */
type Common = ReturnType<typeof fieldProps> & { 'data-testid': string };

/** A select over a list of codes, with their labels, and an empty first option when there is one. */
function CodeSelect<T extends string>({ form, name, common, codes, labels, empty }: {
  form: VesselForm;
  name: FieldName;
  common: Common;
  codes: readonly T[];
  labels: Record<T, string>;
  empty?: string;
}) {
  return (
    <select {...common} {...form.register(name)}>
      {empty !== undefined && <option value="">{empty}</option>}
      {codes.map((code) => (
        <option key={code} value={code}>
          {labels[code]}
        </option>
      ))}
    </select>
  );
}

/** A free-text input, with suggestions from the fleet when there are any. */
function TextInput({ form, name, common, suggestions }: { form: VesselForm; name: FieldName; common: Common; suggestions?: string[] }) {
  const listId = suggestions?.length ? `${common.id}-options` : undefined;
  return (
    <>
      <input {...common} type="text" autoComplete="off" list={listId} data-autofocus={name === 'vesselName' ? true : undefined} {...form.register(name)} />
      {listId && (
        <datalist id={listId}>
          {suggestions!.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
    </>
  );
}

/** The control of each field that is not plain text. */
const CONTROLS: Partial<Record<FieldName, (form: VesselForm, common: Common) => ReactNode>> = {
  flagState: (form, common) => (
    <CodeSelect form={form} name="flagState" common={common} codes={FLAG_STATES} labels={FLAG_STATE_LABELS} empty="Select flag state" />
  ),
  // No empty option: every vessel has a category, A unless the user picks another.
  medicalCategory: (form, common) => (
    <CodeSelect form={form} name="medicalCategory" common={common} codes={MEDICAL_CATEGORIES} labels={MEDICAL_CATEGORY_LABELS} />
  ),
  vesselType: (form, common) => (
    <CodeSelect form={form} name="vesselType" common={common} codes={VESSEL_TYPES} labels={VESSEL_TYPE_LABELS} empty="Select vessel type" />
  ),
  crewSizeCategory: (form, common) => (
    <input
      {...common}
      type="number"
      inputMode="numeric"
      min={1}
      max={1000}
      step={1}
      {...form.register('crewSizeCategory', { setValueAs: (v: unknown) => (v === '' || v === null ? '' : Number(v)) })}
    />
  ),
  contactEmail: (form, common) => <input {...common} type="email" autoComplete="off" {...form.register('contactEmail')} />,
  ownershipContactEmail: (form, common) => <input {...common} type="email" autoComplete="off" {...form.register('ownershipContactEmail')} />,
  onboardingDate: (form, common) => <input {...common} type="date" {...form.register('onboardingDate')} />,
  contractEndDate: (form, common) => <input {...common} type="date" {...form.register('contractEndDate')} />,
  contactPhone: (form, common) => <input {...common} type="tel" autoComplete="off" {...form.register('contactPhone')} />,
};

/** One input of the vessel form, labelled, with its message (from the browser or the server). */
export function VesselField({ form, name, suggestions }: { form: VesselForm; name: FieldName; suggestions?: string[] }) {
  const id = `vessel-${name}`;
  const error = form.formState.errors[name]?.message;
  if (isFlagField(name)) return <VesselCheckbox form={form} name={name} />;
  const common: Common = { ...fieldProps(id, error), 'data-testid': `input-${name}` };
  const control = CONTROLS[name]?.(form, common) ?? <TextInput form={form} name={name} common={common} suggestions={suggestions} />;
  return (
    <Field id={id} label={LABELS[name]} error={error} required={REQUIRED.has(name)}>
      {control}
    </Field>
  );
}

/** A yes/no fact of the medical profile: a checkbox with its label beside it. */
function VesselCheckbox({ form, name }: { form: VesselForm; name: FlagFieldName }) {
  const id = `vessel-${name}`;
  const error = form.formState.errors[name]?.message;
  return (
    <div className={['field', 'field--checkbox', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__checkbox" htmlFor={id}>
        <input {...fieldProps(id, error)} data-testid={`input-${name}`} type="checkbox" {...form.register(name)} />
        <span>{LABELS[name]}</span>
      </label>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert" data-testid={`error-${id}`}>
          {error}
        </p>
      )}
    </div>
  );
}
