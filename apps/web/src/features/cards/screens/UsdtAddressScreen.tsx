import "../cards.css";
import { useState, type FormEvent } from "react";
import Button from "antd-mobile/es/components/button";
import { useTranslation } from "react-i18next";
import type { WalletAddress } from "@brokerage/api";
import { WALLET_ADDRESSES_MAX } from "@brokerage/api/constants";
import { WALLET_TYPES, isWalletAddress, isWalletType, type WalletType } from "@brokerage/core";
import { Screen } from "../../../components/Screen";
import { QueryView, isEmptyList } from "../../../components/QueryView";
import { EmptyState } from "../../../components/EmptyState";
import { ChipTabs } from "../../../components/ChipTabs";
import { Field } from "../../../components/Field";
import { IconButton } from "../../../components/IconButton";
import { errorText } from "../../../lib/api";
import { copyText } from "../../../lib/clipboard";
import { useContractForm } from "../../../lib/useContractForm";
import { showError, showSuccess } from "../../../lib/toast";
import { Refreshable } from "../../../components/Refreshable";
import { useAddWallet, useRemoveWallet, useWallets } from "../api/cards";
import { AddressQrCode } from "../components/AddressQrCode";
import { confirmRemoval } from "../components/confirm";

/** The locale key of each type's network hint. */
const NETWORK_HINT: Record<WalletType, string> = {
  "USDT-TRC20": "cards.wallet.hintTrc20",
  "USDT-ERC20": "cards.wallet.hintErc20",
  BTC: "cards.wallet.hintBtc",
};

/**
 * /information/usdtAddress: the user's crypto withdrawal addresses, each with its QR code (spec §3, §9),
 * a copy button and removal; and the form that adds one (type and address, checked per network).
 */
export default function UsdtAddressScreen() {
  const { t } = useTranslation();
  const wallets = useWallets();
  const full = (wallets.data?.length ?? 0) >= WALLET_ADDRESSES_MAX;
  return (
    <Screen title={t("title.information.usdtAddress")}>
      <Refreshable onRefresh={() => wallets.refetch()}>
        <div className="wallet-screen">
          {wallets.data &&
            (full ? <p className="card wallet-full">{t("cards.wallet.limitReached")}</p> : <AddWalletForm />)}
          <h2 className="section-title">{t("cards.wallet.listTitle")}</h2>
          <QueryView
            query={wallets}
            isEmpty={isEmptyList}
            empty={
              <div className="card">
                <EmptyState text={t("cards.wallet.empty")} />
              </div>
            }
          >
            {(items) => (
              <ul className="wallets" aria-label={t("cards.wallet.listTitle")}>
                {items.map((wallet) => (
                  <WalletTile key={wallet.id} wallet={wallet} />
                ))}
              </ul>
            )}
          </QueryView>
          {wallets.data && !full && (
            <p className="footnote">{t("cards.wallet.limitNote", { limit: WALLET_ADDRESSES_MAX })}</p>
          )}
        </div>
      </Refreshable>
    </Screen>
  );
}

function AddWalletForm() {
  const { t } = useTranslation();
  const add = useAddWallet();
  const form = useContractForm((contract) => contract.addWalletRequest, {
    type: WALLET_TYPES[0] as string,
    address: "",
  });
  // The address rule depends on the type and its message names it, so it is checked here with the core's
  // rule (as on the server) rather than through the contract's shape check.
  const [addressError, setAddressError] = useState<string | undefined>();
  const type = isWalletType(form.values.type) ? form.values.type : WALLET_TYPES[0];
  const address = form.field("address");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAddressError(undefined);
    void form.check().then((values) => {
      if (!values) return;
      if (!isWalletAddress(type, values.address)) {
        setAddressError(errorText("WALLET_ADDRESS_INVALID", { type }));
        return;
      }
      add.mutate(values, {
        onSuccess: () => {
          showSuccess(t("cards.wallet.added"));
          address.onChange("");
        },
      });
    });
  };

  return (
    <form className="form card" onSubmit={submit} noValidate aria-labelledby="wallet-add-title">
      <h2 id="wallet-add-title" className="wallet-form__title">
        {t("cards.wallet.addTitle")}
      </h2>
      <p className="form__lead">{t("cards.wallet.lead")}</p>
      <div className="field">
        <span className="field__label">{t("cards.wallet.type")}</span>
        <ChipTabs
          role="radio"
          className="wallet-form__types"
          label={t("cards.wallet.type")}
          options={WALLET_TYPES.map((key) => ({ key, label: key }))}
          value={type}
          onChange={(key) => {
            setAddressError(undefined);
            form.field("type").onChange(key);
          }}
        />
        <p className="form__note wallet-form__hint">{t(NETWORK_HINT[type])}</p>
      </div>
      <Field
        label={t("cards.wallet.address")}
        placeholder={t("cards.wallet.addressPlaceholder", { type })}
        autoComplete="off"
        {...address}
        onChange={(value) => {
          setAddressError(undefined);
          address.onChange(value);
        }}
        error={addressError ?? address.error}
      />
      <Button block type="submit" color="primary" size="large" loading={add.isPending}>
        {t("cards.wallet.submit")}
      </Button>
    </form>
  );
}

function WalletTile({ wallet }: { wallet: WalletAddress }) {
  const { t } = useTranslation();
  const remove = useRemoveWallet();
  const ask = async () => {
    if (!(await confirmRemoval(t("cards.wallet.removeConfirm", { type: wallet.type })))) return;
    remove.mutate(wallet.id, { onSuccess: () => showSuccess(t("cards.wallet.removed")) });
  };
  const copy = async () => {
    if (await copyText(wallet.address)) showSuccess(t("cards.wallet.copied"));
    else showError(t("cards.wallet.copyFailed"));
  };
  return (
    <li className="wallet card">
      <div className="wallet__head">
        <span className="wallet__type">{wallet.type}</span>
        <IconButton
          icon="trash"
          className="wallet__remove"
          label={t("cards.wallet.remove", { type: wallet.type })}
          onClick={() => void ask()}
        />
      </div>
      <AddressQrCode text={wallet.address} label={t("cards.wallet.qrAlt", { type: wallet.type })} />
      <p className="wallet__address">{wallet.address}</p>
      <Button block fill="outline" color="primary" onClick={() => void copy()}>
        {t("cards.wallet.copy")}
      </Button>
    </li>
  );
}
