import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { BATCH_USAGE_FAILED_TOAST, BATCH_USAGE_RECORDED_TOAST, batchUsageSchema, isoToday, type BatchAnswer, type BatchUsageInput } from '@medchest/domain';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field, fieldProps } from '../../components/ui/Field';
import { schemaResolver } from '../../lib/forms';
import { applyServerFieldErrors, notifyError, notifySuccess } from '../../lib/notify';
import { useRecordUsage } from '../../lib/useInventory';

type UsageValues = { quantityUsed: string; reason: string; crewMemberName: string; usageDate: string };
const FIELDS = ['quantityUsed', 'reason', 'crewMemberName', 'usageDate'] as const;

// The product's today is the UTC day (the server refuses a usage dated after it).
const today = () => isoToday();
const blank = (): UsageValues => ({ quantityUsed: '', reason: '', crewMemberName: '', usageDate: today() });

/**
 * Record usage of one batch from the fleet side (issue 16 item 1, the medical log): quantity, reason,
 * crew member and day, checked with the domain's usage schema here and on the server; the server's
 * refusals (more than is on board, a day to come) show on their fields.
 */
export function RecordUsageDialog({ vesselId, batch, name, open, onClose }: { vesselId: string; batch: BatchAnswer; name: string; open: boolean; onClose: () => void }) {
  const record = useRecordUsage(vesselId);
  const form = useForm<UsageValues, unknown, BatchUsageInput>({ resolver: schemaResolver<UsageValues, typeof batchUsageSchema>(batchUsageSchema), defaultValues: blank() });
  const { errors } = form.formState;
  useEffect(() => {
    if (open) form.reset(blank());
  }, [open, form]);

  const submit = form.handleSubmit((usage) =>
    record.mutate(
      { batchId: batch.id, ...usage },
      {
        onSuccess: () => {
          notifySuccess(BATCH_USAGE_RECORDED_TOAST);
          onClose();
        },
        onError: (error) => {
          applyServerFieldErrors(error, form.setError, FIELDS);
          notifyError(error, BATCH_USAGE_FAILED_TOAST);
        },
      },
    ),
  );

  const id = (field: keyof UsageValues | 'form') => `usage-${batch.id}-${field}`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      busy={record.isPending}
      title="Record usage"
      description={`${name}: ${batch.quantityOnBoard} on board`}
      testId="record-usage-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={record.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={id('form')} disabled={record.isPending}>
            {record.isPending ? 'Saving...' : 'Record usage'}
          </Button>
        </>
      }
    >
      <form id={id('form')} className="form-grid" noValidate onSubmit={submit}>
        <Field id={id('quantityUsed')} label="Quantity used" error={errors.quantityUsed?.message} required>
          <input
            type="number"
            min={1}
            max={batch.quantityOnBoard}
            step={1}
            inputMode="numeric"
            data-autofocus
            {...fieldProps(id('quantityUsed'), errors.quantityUsed?.message)}
            {...form.register('quantityUsed')}
          />
        </Field>
        <Field id={id('reason')} label="Reason" error={errors.reason?.message} required>
          <input type="text" {...fieldProps(id('reason'), errors.reason?.message)} {...form.register('reason')} />
        </Field>
        <Field id={id('crewMemberName')} label="Crew member" error={errors.crewMemberName?.message}>
          <input type="text" {...fieldProps(id('crewMemberName'), errors.crewMemberName?.message)} {...form.register('crewMemberName')} />
        </Field>
        <Field id={id('usageDate')} label="Date used" error={errors.usageDate?.message} required>
          <input type="date" max={today()} {...fieldProps(id('usageDate'), errors.usageDate?.message)} {...form.register('usageDate')} />
        </Field>
      </form>
    </Dialog>
  );
}
