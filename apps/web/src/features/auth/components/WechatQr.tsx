import { Button, Image, Space, Spin, Typography } from 'antd';
import * as t from '../../../locales/zh-CN';
import type { TWechatState } from '../useWechatTicket';

type TWechatQrProps = {
  ticket: { qrDataUrl: string; scanUrl: string } | null;
  state: TWechatState | null;
  tip: string;
  onRefresh: () => void;
};

const statusText = (state: TWechatState | null, tip: string): string => {
  if (state?.status === 'scanned') return t.auth.wechatScanned;
  if (state?.status === 'unbound') return t.auth.wechatUnbound;
  if (state?.status === 'expired') return t.auth.wechatExpired;
  return tip;
};

/** The QR code of a WeChat ticket, its status, the refresh button and the development scan link. */
export const WechatQr = ({ ticket, state, tip, onRefresh }: TWechatQrProps) => {
  const isOver = state?.status === 'expired' || state?.status === 'unbound';
  return (
    <Space orientation="vertical" align="center" style={{ width: '100%' }} data-testid="wechat-qr">
      {ticket ? (
        <Image
          src={ticket.qrDataUrl}
          width={200}
          height={200}
          preview={false}
          alt="微信二维码"
          style={{ opacity: isOver ? 0.25 : 1 }}
        />
      ) : (
        <Spin />
      )}
      <Typography.Text type={state?.status === 'unbound' ? 'danger' : 'secondary'} data-testid="wechat-status">
        {statusText(state, tip)}
      </Typography.Text>
      {isOver && (
        <Button type="primary" onClick={onRefresh}>
          {t.auth.wechatRefresh}
        </Button>
      )}
      {ticket && (
        <Typography.Link href={ticket.scanUrl} target="_blank" rel="noreferrer" data-testid="wechat-scan-link">
          {t.auth.wechatOpenSim}
        </Typography.Link>
      )}
    </Space>
  );
};
