import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { connectedMessage, sourcesMessages } from '../messages';
import { connectedServiceName } from '../navigation';
import { showToast } from '../../../shared/ui/toast';

export const PAYMENT_PARAM = 'payment';

/**
 * The sources page's toasts on arrival (spec 001 §2): '{service} connected succesfully.' after a
 * connection (navigation state) and 'Payment completed successfully.' with ?payment=success. Each
 * shows once: the state and the parameter are then removed from the entry.
 */
export function useArrivalToasts() {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (handled.current === location.key) return;
    handled.current = location.key;
    const search = new URLSearchParams(location.search);
    const service = connectedServiceName(location.state);
    const paid = search.get(PAYMENT_PARAM) === 'success';
    if (service === null && !paid) return;
    if (service !== null) showToast('success', connectedMessage(service));
    if (paid) showToast('success', sourcesMessages.paymentCompleted);
    search.delete(PAYMENT_PARAM);
    const rest = search.toString();
    void navigate({ pathname: location.pathname, search: rest === '' ? '' : `?${rest}` }, { replace: true });
  }, [location, navigate]);
}
