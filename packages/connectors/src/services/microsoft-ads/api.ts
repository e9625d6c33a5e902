// What the Microsoft Advertising connector and its sandbox agree on: the Bing Ads API v13 REST
// paths, the OAuth scope, the JSON shapes, and reading the reports' decimal money exactly.
// https://learn.microsoft.com/advertising/guides/get-started (REST: {service host}/{Service}/v13/...)
import { decimalToMicros } from '../../core/money';
import { MICROSOFT_ADS_API_VERSION } from '../../core/api-versions';

export const MICROSOFT_ADS_SCOPE = 'https://ads.microsoft.com/msads.manage';

export const CUSTOMER_MANAGEMENT_PATH = `/CustomerManagement/${MICROSOFT_ADS_API_VERSION}`;
export const REPORTING_PATH = `/Reporting/${MICROSOFT_ADS_API_VERSION}`;

export type CustomerRole = {
  RoleId: number;
  CustomerId: number | string;
  /** null: every account of the customer. */
  AccountIds: (number | string)[] | null;
  LinkedAccountIds?: (number | string)[] | null;
};

export type GetUserResponse = {
  User: { Id: number | string; UserName: string; ContactInfo?: { Email?: string } | null } | null;
  CustomerRoles: CustomerRole[] | null;
};

export type CustomerInfo = { Id: number | string; Name: string };
export type GetCustomersInfoResponse = { CustomersInfo: CustomerInfo[] | null };

export type AccountLifeCycleStatus = 'Active' | 'Draft' | 'Inactive' | 'Pause' | 'Pending' | 'Suspended';
export type AccountInfo = {
  Id: number | string;
  Name: string;
  Number: string;
  AccountLifeCycleStatus: AccountLifeCycleStatus;
  PauseReason: number | null;
};
export type GetAccountsInfoResponse = { AccountsInfo: AccountInfo[] | null };

export type AdvertiserAccount = {
  Id: number | string;
  Name: string;
  Number: string;
  ParentCustomerId: number | string;
  CurrencyCode: string;
  TimeZone: string;
  AccountLifeCycleStatus: AccountLifeCycleStatus;
};
export type GetAccountResponse = { Account: AdvertiserAccount | null };

export type ReportRequestStatus = {
  Status: 'Pending' | 'Success' | 'Error';
  /** null when the report has no rows. */
  ReportDownloadUrl: string | null;
};
export type SubmitGenerateReportResponse = { ReportRequestId: string };
export type PollGenerateReportResponse = { ReportRequestStatus: ReportRequestStatus };

export type ReportDate = { Day: number; Month: number; Year: number };

/** One error of a fault: AdApiError (`Errors`), OperationError or BatchError. */
export type FaultError = {
  Code: number;
  ErrorCode?: string | null;
  Message: string;
  Details?: string | null;
};

/** The fault shapes: AdApiFaultDetail, ApiFault (Customer Management), ApiFaultDetail (Reporting). */
export type FaultBody = {
  TrackingId: string;
  Type: 'AdApiFaultDetail' | 'ApiFault' | 'ApiFaultDetail';
  Errors?: FaultError[];
  OperationErrors?: FaultError[];
  BatchErrors?: FaultError[];
};

/**
 * A money cell of a report ("1234.56", "-0.5", FormatVersion 1.0's "1,234.56") in exact micros
 * (core/money.ts); null if it is not a decimal number. Empty and "--" (no data) read as 0.
 */
export function reportMoneyToMicros(text: string): number | null {
  const value = text.trim().replace(/,/g, '');
  if (value === '' || value === '--') return 0;
  try {
    return decimalToMicros(value);
  } catch {
    return null;
  }
}

/** '2025-06-01' → {Day: 1, Month: 6, Year: 2025}. */
export function reportDate(date: string): ReportDate {
  const [year, month, day] = date.split('-').map(Number);
  return { Day: day ?? 1, Month: month ?? 1, Year: year ?? 1970 };
}
