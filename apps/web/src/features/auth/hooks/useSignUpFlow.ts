import type { SignUpRequest } from '@maya/contracts';
import { useForm, type FormErrors } from '@mantine/form';
import { useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/ApiError';
import type { ProviderToken } from '../api/login';
import { authMessages, weakPasswordMessage } from '../messages';
import { readProviderToken, returnDestination, verifyEmailUrl } from '../navigation';
import {
  capitalise,
  emailDomain,
  emptySignUpValues,
  signUpStepErrors,
  SIGN_UP_STEPS,
  type SignUpStep,
  type SignUpValues,
} from '../schemas';
import { useCompanyPositions } from './useCompanyPositions';
import { useCheckEmailDomain, useSignUp } from './useSignUp';
import { useStartSession } from './useStartSession';

/** How the user found the product (spec 000 §2), exactly these options. */
export const HOW_FOUND_OPTIONS: readonly string[] = [
  'Search engine (Google, Bing, etc.)',
  'Recommended by friend or colleague',
  'Social media',
  'Blog or publication',
  'Other',
];

const hasErrors = (errors: FormErrors) => Object.keys(errors).length > 0;

function signUpRequest(values: SignUpValues, provider: ProviderToken | null): SignUpRequest {
  const howFound = values.how_found.trim();
  const company = {
    company_name: values.company_name.trim(),
    company_position: values.company_position.trim(),
    ...(howFound === '' ? {} : { how_found: howFound }),
  };
  if (provider?.provider === 'google') return { google_id_token: provider.token, ...company };
  if (provider?.provider === 'microsoft') return { microsoft_access_token: provider.token, ...company };
  return {
    email: values.email.trim(),
    password: values.password,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    ...company,
  };
}

/**
 * The three-step sign-up (spec 000 §2, §4, §5): steps advance only when the current one
 * validates, a jump forward validates every earlier step, leaving step 1 guesses the company from
 * the e-mail's domain, and a provider token from a failed provider sign-in starts at step 2.
 */
export function useSignUpFlow() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [provider, setProvider] = useState<ProviderToken | null>(() => readProviderToken(location.state));
  const [step, setStep] = useState<SignUpStep>(() => (provider === null ? 1 : 2));
  const [formError, setFormError] = useState<string | null>(null);
  const companyTyped = useRef(false);
  const checkedDomain = useRef<string | null>(null);
  const { positions } = useCompanyPositions();
  const checkDomain = useCheckEmailDomain();
  const signUp = useSignUp();
  const startSession = useStartSession();

  const form = useForm<SignUpValues>({
    initialValues: { ...emptySignUpValues, email: searchParams.get('email')?.trim() ?? '' },
  });
  const context = { withProvider: provider !== null, positions, howFoundOptions: HOW_FOUND_OPTIONS };

  const clearProvider = () => {
    if (provider === null) return;
    setProvider(null);
    // A reload must not bring the provider sign-up back.
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  };

  /** Prefills the company name from the e-mail's domain, capitalised, unless the user typed one. */
  const guessCompany = async (values: SignUpValues) => {
    const domain = emailDomain(values.email);
    if (provider !== null || domain === null || domain === checkedDomain.current) return;
    checkedDomain.current = domain;
    try {
      const answer = await checkDomain.mutateAsync(domain);
      if (answer.company_name !== null && !companyTyped.current) {
        form.setFieldValue('company_name', capitalise(answer.company_name));
      }
    } catch {
      checkedDomain.current = null; // The guess is a convenience: sign-up goes on without it.
    }
  };

  /** The first of `steps` that does not validate, with its errors shown; else null. */
  const firstInvalidStep = (steps: readonly SignUpStep[], values: SignUpValues): SignUpStep | null => {
    for (const earlier of steps) {
      const errors = signUpStepErrors(earlier, values, context);
      if (hasErrors(errors)) {
        form.setErrors(errors);
        return earlier;
      }
    }
    return null;
  };

  const goTo = async (target: SignUpStep) => {
    if (target === step) return;
    setFormError(null);
    if (target < step) {
      if (target === 1) clearProvider();
      form.clearErrors();
      setStep(target);
      return;
    }
    const values = form.getValues();
    const invalid = firstInvalidStep(
      SIGN_UP_STEPS.filter((item) => item < target),
      values,
    );
    if (invalid !== null) {
      setStep(invalid);
      return;
    }
    form.clearErrors();
    if (step === 1) await guessCompany(values);
    setStep(target);
  };

  const submit = () => {
    const values = form.getValues();
    const invalid = firstInvalidStep(SIGN_UP_STEPS, values);
    if (invalid !== null) {
      setStep(invalid);
      return;
    }
    setFormError(null);
    signUp.mutate(signUpRequest(values, provider), {
      onSuccess: (result) => {
        if (result.token !== null) {
          startSession(result.token);
          void navigate(returnDestination(), { replace: true });
        } else {
          void navigate(verifyEmailUrl(result.email || values.email.trim()), { replace: true });
        }
      },
      onError: (error) => {
        const weak = weakPasswordMessage(error);
        if (isApiError(error) && (error.status === 409 || error.type === 'email_in_use')) {
          // spec 000 §4, §8: back to step 1 with the message.
          if (provider === null) form.setFieldError('email', authMessages.emailInUse);
          else setFormError(authMessages.emailInUse);
          clearProvider();
          setStep(1);
        } else if (weak !== null && provider === null) {
          form.setFieldError('password', weak);
          setStep(1);
        } else {
          console.error('Sign-up failed', error);
          const unreachable = isApiError(error) && error.isNetworkError;
          setFormError(unreachable ? authMessages.cantConnect : authMessages.somethingWentWrong);
        }
      },
    });
  };

  const next = () => {
    if (step === 3) submit();
    else void goTo(step === 1 ? 2 : 3);
  };

  return {
    form,
    step,
    provider,
    positions,
    formError,
    dismissError: () => setFormError(null),
    showError: setFormError,
    working: checkDomain.isPending || signUp.isPending || signUp.isSuccess,
    goTo: (target: SignUpStep) => void goTo(target),
    back: () => {
      if (step > 1) void goTo(step === 3 ? 2 : 1);
    },
    next,
    onCompanyNameTyped: (value: string) => {
      companyTyped.current = value.trim() !== '';
    },
  };
}

export type SignUpFlow = ReturnType<typeof useSignUpFlow>;
