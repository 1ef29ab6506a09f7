import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CertificateRecord, VesselCertificateRow } from '@medchest/domain';
import { ApiError, apiJson } from '../../lib/api';
import { queryKeys, VESSEL_CHANGE_KEYS } from '../../lib/queryKeys';

export type { CertificateRecord, VesselCertificateRow };
export type VesselCertificate = CertificateRecord & { downloadURL: string | null };

export const certificateKeys = {
  fleet: ['/api/certificates'] as const,
  vessel: (vesselId: string) => ['/api/vessels', vesselId, 'certificates'] as const,
};

/** Every vessel of the caller's scope with its certificate on record (the /certificates page). */
export const useFleetCertificates = () => useQuery<VesselCertificateRow[]>({ queryKey: certificateKeys.fleet });

/** One vessel's certificates, newest first (the first is the one on record). */
export const useVesselCertificates = (vesselId: string) => useQuery<VesselCertificate[]>({ queryKey: certificateKeys.vessel(vesselId) });

/** PUT the file with progress (fetch reports none for uploads): resolves when the server kept it. */
function putFile(url: string, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.withCredentials = true;
    request.setRequestHeader('Content-Type', 'application/pdf');
    request.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new ApiError(request.status, request.responseText, request.statusText));
    request.onerror = () => reject(new Error('Failed to upload file'));
    request.send(file);
  });
}

export interface UploadInput {
  file: File;
  expiryDate: string;
  certificateIssuer: string;
}

/** Upload URL → PUT the PDF (with progress) → record it (spec 000 §7), then refresh what shows it. */
export function useUploadCertificate(vesselId: string, onProgress: (fraction: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, expiryDate, certificateIssuer }: UploadInput) => {
      const { uploadURL } = await apiJson<{ uploadURL: string }>('POST', `/api/vessels/${vesselId}/certificate/upload`);
      await putFile(uploadURL, file, onProgress);
      return apiJson('PUT', `/api/vessels/${vesselId}/certificate`, { certificateURL: uploadURL, expiryDate, certificateIssuer });
    },
    onSuccess: () =>
      Promise.all(
        [...VESSEL_CHANGE_KEYS, queryKeys.vessel(vesselId), certificateKeys.fleet, certificateKeys.vessel(vesselId)].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** Fetch a certificate PDF and hand it to the browser as a download under the server's file name. */
export async function downloadCertificate(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'certificate.pdf';
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}
