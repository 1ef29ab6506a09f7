import { useForm } from 'react-hook-form';
import { vesselFormSchema, type VesselDetails } from '@medchest/domain';
import { schemaResolver } from '../../lib/forms';
import { VesselField, type VesselForm } from './VesselFormFields';
import type { Section, Suggestions, VesselFormValues } from './vesselFormModel';

/** The vessel form's state: validated in the browser with the domain's schema, as the server does. */
export function useVesselForm(defaultValues: VesselFormValues): VesselForm {
  return useForm<VesselFormValues, unknown, VesselDetails>({
    resolver: schemaResolver<VesselFormValues, typeof vesselFormSchema>(vesselFormSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/** The form's sections and fields; the dialog around it owns the buttons. */
export function VesselFormBody({
  form,
  sections,
  formId,
  onSubmit,
  suggestions,
}: {
  form: VesselForm;
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
