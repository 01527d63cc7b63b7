import { UserPlus, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { buttonStyles } from '../ui';
import { AddLeadForm } from './AddLeadForm';
import { LeadSettingsForm } from './LeadSettingsForm';

/** The Messages tab's lead tools: a lead added by hand, and the lead settings. */
export function LeadsTools({ onChanged }: { onChanged: () => unknown }) {
  const [open, setOpen] = useState<'' | 'add' | 'settings'>('');
  const toggle = (which: 'add' | 'settings') => setOpen(open === which ? '' : which);
  return (
    <div className="mb-6">
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonStyles.plain} aria-expanded={open === 'add'} onClick={() => toggle('add')}>
          <UserPlus aria-hidden="true" className="size-4" />
          Add a lead
        </button>
        <button
          type="button"
          className={buttonStyles.plain}
          aria-expanded={open === 'settings'}
          onClick={() => toggle('settings')}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Lead settings
        </button>
      </div>
      {open === 'add' && (
        <AddLeadForm
          onDone={() => {
            setOpen('');
            void onChanged();
          }}
        />
      )}
      {open === 'settings' && <LeadSettingsForm onDone={() => setOpen('')} />}
    </div>
  );
}
