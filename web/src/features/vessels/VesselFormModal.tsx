import { useEffect, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import {
  FLAG_STATE_LABELS,
  FLAG_STATES,
  MEDICAL_CATEGORIES,
  MEDICAL_CATEGORY_LABELS,
  NEW_VESSEL_DEFAULTS,
  VESSEL_TYPE_LABELS,
  VESSEL_TYPES,
  vesselFormSchema,
  type VesselDetails,
} from '@medchest/domain';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field, fieldProps } from '../../components/ui/Field';
import { toDateInputValue } from '../../lib/dates';
import { schemaResolver } from '../../lib/forms';
import { applyServerFieldErrors, notifyError, notifySuccess } from '../../lib/notify';
import type { Vessel } from './types';
import { useCreateVessel, useUpdateVessel } from './useVessels';

/** The two medical profile flags, shown as checkboxes. */
const FLAG_FIELDS = ['womenOnBoard', 'carriesDangerousGoods'] as const;
type FlagFieldName = (typeof FLAG_FIELDS)[number];

/**
 * What the inputs hold: text everywhere, a number (or '' when emptied) for crew size, and true or
 * false for the checkboxes.
 */
export type VesselFormValues = {
  [K in keyof typeof NEW_VESSEL_DEFAULTS]: K extends 'crewSizeCategory' ? number | '' : K extends FlagFieldName ? boolean : string;
};
type FieldName = keyof VesselFormValues;
const FIELD_NAMES = Object.keys(NEW_VESSEL_DEFAULTS) as FieldName[];

const LABELS: Record<FieldName, string> = {
  vesselName: 'Vessel Name',
  imoNumber: 'IMO Number',
  flagState: 'Flag State',
  crewSizeCategory: 'Crew Size',
  contactName: 'Contact Name',
  contactPhone: 'Contact Phone',
  contactEmail: 'Contact Email',
  fleet: 'Fleet',
  ownershipCompany: 'Ownership Company',
  ownershipContactEmail: 'Ownership Contact Email',
  vesselType: 'Vessel Type',
  onboardingDate: 'Onboarding Date',
  contractEndDate: 'Contract End Date',
  medicalCategory: 'Medical Category',
  womenOnBoard: 'Women on board',
  carriesDangerousGoods: 'Carries organophosphates or other dangerous goods',
};
const REQUIRED = new Set<FieldName>(['vesselName', 'imoNumber', 'flagState', 'crewSizeCategory']);

function valuesFromVessel(vessel: Vessel): VesselFormValues {
  return {
    vesselName: vessel.vesselName ?? '',
    imoNumber: vessel.imoNumber ?? '',
    flagState: vessel.flagState ?? '',
    crewSizeCategory: vessel.crewSizeCategory ?? '',
    contactName: vessel.contactName ?? '',
    contactPhone: vessel.contactPhone ?? '',
    contactEmail: vessel.contactEmail ?? '',
    fleet: vessel.fleet ?? '',
    ownershipCompany: vessel.ownershipCompany ?? '',
    ownershipContactEmail: vessel.ownershipContactEmail ?? '',
    vesselType: vessel.vesselType ?? '',
    onboardingDate: toDateInputValue(vessel.onboardingDate),
    contractEndDate: toDateInputValue(vessel.contractEndDate),
    // A vessel answered without a profile (an older server) is shown as the defaults it reads as.
    medicalCategory: vessel.medicalCategory ?? NEW_VESSEL_DEFAULTS.medicalCategory,
    womenOnBoard: vessel.womenOnBoard ?? NEW_VESSEL_DEFAULTS.womenOnBoard,
    carriesDangerousGoods: vessel.carriesDangerousGoods ?? NEW_VESSEL_DEFAULTS.carriesDangerousGoods,
  };
}

const newVesselValues = (): VesselFormValues => ({ ...NEW_VESSEL_DEFAULTS });

/** One input of the vessel form, labelled, with its message (from the browser or the server). */
function VesselField({ form, name, suggestions }: { form: UseFormReturn<VesselFormValues, unknown, VesselDetails>; name: FieldName; suggestions?: string[] }) {
  const id = `vessel-${name}`;
  const error = form.formState.errors[name]?.message;
  const common = { ...fieldProps(id, error), 'data-testid': `input-${name}` };
  if (isFlagField(name)) return <VesselCheckbox form={form} name={name} />;
  let control: ReactNode;
  switch (name) {
    case 'flagState':
      control = (
        <select {...common} {...form.register(name)}>
          <option value="">Select flag state</option>
          {FLAG_STATES.map((flag) => (
            <option key={flag} value={flag}>
              {FLAG_STATE_LABELS[flag]}
            </option>
          ))}
        </select>
      );
      break;
    case 'medicalCategory':
      // No empty option: every vessel has a category, A unless the user picks another.
      control = (
        <select {...common} {...form.register(name)}>
          {MEDICAL_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {MEDICAL_CATEGORY_LABELS[category]}
            </option>
          ))}
        </select>
      );
      break;
    case 'vesselType':
      control = (
        <select {...common} {...form.register(name)}>
          <option value="">Select vessel type</option>
          {VESSEL_TYPES.map((type) => (
            <option key={type} value={type}>
              {VESSEL_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      );
      break;
    case 'crewSizeCategory':
      control = (
        <input
          {...common}
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          step={1}
          {...form.register(name, { setValueAs: (v: unknown) => (v === '' || v === null ? '' : Number(v)) })}
        />
      );
      break;
    case 'contactEmail':
    case 'ownershipContactEmail':
      control = <input {...common} type="email" autoComplete="off" {...form.register(name)} />;
      break;
    case 'onboardingDate':
    case 'contractEndDate':
      control = <input {...common} type="date" {...form.register(name)} />;
      break;
    case 'contactPhone':
      control = <input {...common} type="tel" autoComplete="off" {...form.register(name)} />;
      break;
    default: {
      const listId = suggestions?.length ? `${id}-options` : undefined;
      control = (
        <>
          <input
            {...common}
            type="text"
            autoComplete="off"
            list={listId}
            data-autofocus={name === 'vesselName' ? true : undefined}
            {...form.register(name)}
          />
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
  }
  return (
    <Field id={id} label={LABELS[name]} error={error} required={REQUIRED.has(name)}>
      {control}
    </Field>
  );
}

const isFlagField = (name: FieldName): name is FlagFieldName => (FLAG_FIELDS as readonly string[]).includes(name);

/** A yes/no fact of the medical profile: a checkbox with its label beside it. */
function VesselCheckbox({ form, name }: { form: UseFormReturn<VesselFormValues, unknown, VesselDetails>; name: FlagFieldName }) {
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

interface Section {
  title: string;
  fields: FieldName[];
  /** One line under the title saying what the section is for. */
  hint?: string;
}

/** Not in the specification (issue 3): what the chest must hold follows these. */
const MEDICAL_CHEST_SECTION: Section = {
  title: 'Medical Chest',
  hint: 'These set the required quantities of the medical chest.',
  fields: ['medicalCategory', 'womenOnBoard', 'carriesDangerousGoods'],
};
const CREATE_SECTIONS: Section[] = [
  {
    title: 'Vessel Details',
    fields: ['vesselName', 'imoNumber', 'flagState', 'vesselType', 'crewSizeCategory', 'contactName', 'contactPhone', 'contactEmail'],
  },
  {
    title: 'Fleet & Company Information',
    fields: ['fleet', 'ownershipCompany', 'ownershipContactEmail', 'onboardingDate', 'contractEndDate'],
  },
  MEDICAL_CHEST_SECTION,
];
const EDIT_SECTIONS: Section[] = [
  { title: 'Basic Information', fields: ['vesselName', 'imoNumber', 'flagState', 'vesselType', 'crewSizeCategory'] },
  { title: 'Contact Information', fields: ['contactName', 'contactPhone', 'contactEmail'] },
  CREATE_SECTIONS[1],
  MEDICAL_CHEST_SECTION,
];

interface Suggestions {
  fleets?: string[];
  companies?: string[];
}

function VesselFormBody({
  form,
  sections,
  formId,
  onSubmit,
  suggestions,
}: {
  form: UseFormReturn<VesselFormValues, unknown, VesselDetails>;
  sections: Section[];
  formId: string;
  onSubmit: (details: VesselDetails) => void;
  suggestions: Suggestions;
}) {
  return (
    <form id={formId} noValidate onSubmit={form.handleSubmit(onSubmit)} className="vessel-form">
      {sections.map((section) => (
        <fieldset key={section.title} className="form-section" data-testid={`section-${section.title}`}>
          <legend className="form-section__title">{section.title}</legend>
          {section.hint && <p className="form-section__hint">{section.hint}</p>}
          <div className="form-grid form-grid--2">
            {section.fields.map((name) => (
              <VesselField
                key={name}
                form={form}
                name={name}
                suggestions={name === 'fleet' ? suggestions.fleets : name === 'ownershipCompany' ? suggestions.companies : undefined}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </form>
  );
}

function useVesselForm(defaultValues: VesselFormValues) {
  return useForm<VesselFormValues, unknown, VesselDetails>({
    resolver: schemaResolver<VesselFormValues, typeof vesselFormSchema>(vesselFormSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/** The Add New Vessel modal (spec 000 §2): crew size 10, everything else empty; resets on success. */
export function AddVesselModal({ open, onClose, suggestions = {} }: { open: boolean; onClose: () => void; suggestions?: Suggestions }) {
  const form = useVesselForm(newVesselValues());
  const create = useCreateVessel();
  const close = () => {
    form.reset(newVesselValues());
    create.reset();
    onClose();
  };
  const submit = (details: VesselDetails) =>
    create.mutate(details, {
      onSuccess: () => {
        notifySuccess('Vessel created successfully');
        close();
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, FIELD_NAMES);
        notifyError(error, 'Failed to create vessel');
      },
    });
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Add New Vessel"
      description="Register a vessel to track its medical chest, certificate and compliance."
      size="lg"
      busy={create.isPending}
      testId="add-vessel-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="add-vessel-form" disabled={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add Vessel'}
          </Button>
        </>
      }
    >
      <VesselFormBody form={form} sections={CREATE_SECTIONS} formId="add-vessel-form" onSubmit={submit} suggestions={suggestions} />
    </Dialog>
  );
}

/** The Edit Vessel modal: pre-filled from the chosen vessel, same rules as creation. */
export function EditVesselModal({
  vessel,
  onClose,
  suggestions = {},
}: {
  vessel: Vessel | null;
  onClose: () => void;
  suggestions?: Suggestions;
}) {
  const form = useVesselForm(vessel ? valuesFromVessel(vessel) : newVesselValues());
  const update = useUpdateVessel(vessel?.id ?? '');
  useEffect(() => {
    if (vessel) form.reset(valuesFromVessel(vessel));
    update.reset();
    // Re-initialise only when a different vessel is opened, not when the cached copy refreshes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vessel?.id]);
  const submit = (details: VesselDetails) =>
    update.mutate(details, {
      onSuccess: () => {
        notifySuccess('Vessel updated successfully');
        onClose();
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, FIELD_NAMES);
        notifyError(error, 'Failed to update vessel');
      },
    });
  return (
    <Dialog
      open={vessel !== null}
      onClose={onClose}
      title="Edit Vessel"
      description={vessel ? `Update the details of ${vessel.vesselName}.` : undefined}
      size="lg"
      busy={update.isPending}
      testId="edit-vessel-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="edit-vessel-form" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <VesselFormBody form={form} sections={EDIT_SECTIONS} formId="edit-vessel-form" onSubmit={submit} suggestions={suggestions} />
    </Dialog>
  );
}
