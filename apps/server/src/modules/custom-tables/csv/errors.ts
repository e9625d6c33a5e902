import { CustomTableErrorType, type CsvRowError } from '@maya/contracts';
import { AppError } from '../../../platform/errors';

type ErrorType = (typeof CustomTableErrorType)[keyof typeof CustomTableErrorType];

/**
 * Why a CSV was refused: a 400 whose `message` says it in words (the web shows it after
 * "Error: "), with the line where the reader stopped and, for row checks, the first 20 errors.
 */
export function csvRefused(
  type: ErrorType,
  message: string,
  extra: {
    line?: number;
    errors?: CsvRowError[];
    error_count?: number;
    more_errors?: boolean;
    columns?: string[];
  } = {},
): AppError {
  return new AppError(type === CustomTableErrorType.tooLarge ? 413 : 400, type, { message, ...extra });
}
