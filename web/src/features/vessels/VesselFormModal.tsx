import { useEffect } from 'react';
import type { VesselDetails } from '@medchest/domain';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { applyServerFieldErrors, notifyError, notifySuccess } from '../../lib/notify';
import type { Vessel } from '@medchest/domain';
import { useCreateVessel, useUpdateVessel } from '../../lib/useVessels';
import { useVesselForm, VesselFormBody } from './VesselFormBody';
import { CREATE_SECTIONS, EDIT_SECTIONS, FIELD_NAMES, newVesselValues, valuesFromVessel, type Suggestions } from './vesselFormModel';

/*
 * The Add and Edit vessel dialogs. The form is in parts: vesselFormModel.ts (fields, labels,
 * sections, starting values), VesselFormFields.tsx (one control per field), VesselFormBody.tsx.
 */

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
