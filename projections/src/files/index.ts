export { FileTooLargeError, type FileStore, type PutOptions, type StoredFile } from './port';
export { createPostgresFileStore, CHUNK_BYTES } from './postgres';
export {
  attachUploadedFile,
  createCertificateUpload,
  findCertificateUpload,
  initCertificateUploads,
  markUploadRecorded,
  removeStaleCertificateUploads,
  uploadIdOf,
  type CertificateUpload,
} from './uploads';
