import { useQuery } from '@tanstack/react-query';
import { certificationRoutes, type TCertSubmit } from '@yunhu/contract';
import { call, upload } from '../../shared/http/api';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';

const r = certificationRoutes;

export const certKeys = { info: ['cert', 'info'] as const, review: 'cert-review' };

/** The enterprise's auth state and its latest submission. */
export const useCertInfo = () => useQuery({ queryKey: certKeys.info, queryFn: () => call(r.certInfo, {}) });

export const useSubmitCert = () =>
  useRefreshingMutation((input: TCertSubmit) => call(r.certSubmit, input), [certKeys.info]);

/** Stores the business licence image; resolves its URL for the submission. */
export const uploadLicense = async (file: File) => (await upload(r.licenseUpload, file)).url;

/** The platform's decision on one or several submissions; refreshes the review list. */
export const useExamineCert = () =>
  useRefreshingMutation(
    (input: { ids: number[]; pass: boolean; reason?: string }) =>
      input.ids.length === 1
        ? call(r.certExamine, { id: input.ids[0]!, pass: input.pass, reason: input.reason })
        : call(r.certBatchExamine, { ids: input.ids, pass: input.pass, reason: input.reason }),
    [[certKeys.review]],
  );
