export { ImportModal, type TImportSpec } from './ImportModal';
export { importApi } from './importApi';
export type { TImportPreviewBase, TImportProblem, TImportRunBase } from './types';
