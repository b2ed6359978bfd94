import { useState } from 'react';
import { useTenantAction } from '../../api/http-helpers';
import { DeleteCredentialDialog } from './DeleteCredentialDialog';
import { NameDialog } from './NameDialog';

export interface CredentialDialogsOptions {
  /** The credential as the dialogs and failures name it ("token", "API key"). */
  what: string;
  createTitle: string;
  /** Creates one named `name`; the create dialog closes when it resolves. */
  create(tenant: string, name: string): Promise<void>;
  remove(tenant: string, uid: string): Promise<unknown>;
}

/**
 * A credential table's create and delete: the tenant action they run through, their dialogs
 * (`dialogs`, rendered once by the page) and what opens them. A failure keeps its dialog open
 * with the API's reason in it.
 */
export function useCredentialDialogs<T extends { uid: string }>({ what, createTitle, create, remove }: CredentialDialogsOptions) {
  const action = useTenantAction();
  const { busy, run, error, clearError } = action;
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  const dialogs = (
    <>
      <NameDialog
        open={creating}
        title={createTitle}
        submitLabel="Create"
        busy={busy}
        error={error}
        onClose={() => setCreating(false)}
        onSubmit={(name) =>
          void run(`Creating the ${what}`, async (tenant) => {
            await create(tenant, name);
            setCreating(false);
          })
        }
      />
      <DeleteCredentialDialog
        what={what}
        open={deleting !== null}
        busy={busy}
        error={error}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          void run(`Deleting the ${what}`, (tenant) => remove(tenant, deleting!.uid)).then((done) => done && setDeleting(null))
        }
      />
    </>
  );
  return {
    ...action,
    creating,
    deleting,
    startCreate: () => {
      clearError();
      setCreating(true);
    },
    startDelete: (item: T) => {
      clearError();
      setDeleting(item);
    },
    dialogs,
  };
}
