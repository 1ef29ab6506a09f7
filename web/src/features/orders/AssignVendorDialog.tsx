import { useEffect, useState } from 'react';
import { VENDOR_REQUIRED } from '@medchest/domain';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field, fieldProps } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';

/**
 * Assign Vendor (spec 001 §2, §5): vendor name and contact email, both required after trimming
 * (the button is disabled while either is blank); assigning marks the order as ordered and sends
 * the order to the supplier.
 */
export function AssignVendorDialog({
  orderNumber,
  open,
  pending,
  error,
  onCancel,
  onAssign,
}: {
  orderNumber: string;
  open: boolean;
  pending: boolean;
  error?: string;
  onCancel: () => void;
  onAssign: (vendor: { supplierName: string; supplierEmail: string }) => void;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  useEffect(() => {
    if (open) {
      setName('');
      setEmail('');
    }
  }, [open]);
  const blank = name.trim() === '' || email.trim() === '';
  const submit = () => {
    if (blank) {
      toast({ title: 'Validation Error', description: VENDOR_REQUIRED, variant: 'destructive' });
      return;
    }
    onAssign({ supplierName: name.trim(), supplierEmail: email.trim() });
  };
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      busy={pending}
      size="sm"
      title="Assign Vendor"
      description={`Order ${orderNumber} is marked as ordered and sent to the vendor.`}
      testId="assign-vendor"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={pending || blank}>
            {pending ? 'Assigning...' : 'Assign Vendor'}
          </Button>
        </>
      }
    >
      <form
        className="form-stack"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field id="vendor-name" label="Vendor Name" required>
          <input className="input" {...fieldProps('vendor-name', undefined)} value={name} onChange={(e) => setName(e.target.value)} data-autofocus />
        </Field>
        <Field id="vendor-email" label="Contact Email" required error={error}>
          <input className="input" type="email" {...fieldProps('vendor-email', error)} value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
